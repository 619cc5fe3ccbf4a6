/**
 * Runs `then` in a task after the page's first frame is drawn, so what comes before is on screen first. A hidden page
 * (a panel reloaded in a background tab) draws no frame until it is shown (requestAnimationFrame waits for that), so
 * there, or once it is hidden meanwhile, `then` runs at once.
 */
export function afterFirstFrame(then: () => void, doc: Document = document) {
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    doc.removeEventListener('visibilitychange', onHidden);
    setTimeout(then);
  };
  const onHidden = () => {
    if (doc.visibilityState === 'hidden') run();
  };
  doc.addEventListener('visibilitychange', onHidden);
  if (doc.visibilityState === 'hidden') run();
  else requestAnimationFrame(run);
}
