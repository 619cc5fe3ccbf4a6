import { browser } from 'wxt/browser';

const action = () => browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;
let flashTimer: ReturnType<typeof setTimeout> | undefined;
let waiting = 0;

function showWaiting() {
  void action().setBadgeText({ text: waiting ? String(waiting) : '' });
  void action().setBadgeBackgroundColor({ color: '#b54708' });
  void action().setTitle({ title: waiting ? `Save to Trove (${waiting} waiting for the server)` : 'Save to Trove' });
}

/** The toolbar badge: how many saves wait for the server, or a short ✓ / ! after a save. */
export function setWaitingCount(count: number) {
  waiting = count;
  if (!flashTimer) showWaiting();
}

export function flashBadge(kind: 'saved' | 'failed', title: string) {
  clearTimeout(flashTimer);
  void action().setBadgeText({ text: kind === 'saved' ? '✓' : '!' });
  void action().setBadgeBackgroundColor({ color: kind === 'saved' ? '#067647' : '#b42318' });
  void action().setTitle({ title });
  flashTimer = setTimeout(() => {
    flashTimer = undefined;
    showWaiting();
  }, 4000);
}
