import { type CaptureRequest, runCapture } from '@/lib/page/capture';

// Injected by the background after a context-menu click (which grants activeTab):
//   await browser.scripting.executeScript({ target, func: (req) => { (globalThis as any).__troveCapture = req }, args:
// [req] });
//   const [{ result }] = await browser.scripting.executeScript({ target, files: ['/capture.js'] });
// Both run in the same isolated world, so the request set by the first is read (and removed) here.
// The completion value is `CaptureResult<req.kind>`, or null when no valid request was set.
export default defineUnlistedScript(() => {
  const scope = globalThis as { __troveCapture?: CaptureRequest };
  const request = scope.__troveCapture;
  delete scope.__troveCapture;
  return runCapture(document, request, location.href);
});
