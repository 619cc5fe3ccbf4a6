import { browser } from 'wxt/browser';

const action = () => browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;
let flashTimer: ReturnType<typeof setTimeout> | undefined;

/** The queued saves the badge shows, grouped as the popup's queue list groups them. */
export interface WaitingSaves {
  /** Saves that are sent as soon as the server answers. */
  forServer: number;
  /** Saves of an account that is not signed in, by whose sign-in they need ("ada to sign in"). */
  forSignIn: Map<string, number>;
}

let waiting: WaitingSaves = { forServer: 0, forSignIn: new Map() };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The number is the saves waiting for the server (amber); when none do, the saves waiting for a sign-in
 * (grey: nothing will send them until that account signs in). The title names every group in the words
 * of the popup's queue list.
 */
function showWaiting() {
  const { forServer, forSignIn } = waiting;
  const held = [...forSignIn.values()].reduce((sum, n) => sum + n, 0);
  const count = forServer || held;
  const parts = [
    ...(forServer ? [plural(forServer, 'save waiting for the server', 'saves waiting for the server')] : []),
    ...[...forSignIn].map(([who, n]) => `${plural(n, 'save waits', 'saves wait')} for ${who}`),
  ];
  void action().setBadgeText({ text: count ? String(count) : '' });
  void action().setBadgeBackgroundColor({ color: forServer ? '#b54708' : '#475467' });
  void action().setTitle({ title: parts.length ? `Save to Trove (${parts.join('; ')})` : 'Save to Trove' });
}

/** The toolbar badge: how many saves wait for the server (or for a sign-in), or a short ✓ / ! after a save. */
export function setWaitingSaves(saves: WaitingSaves) {
  waiting = saves;
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
