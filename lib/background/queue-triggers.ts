import { browser } from 'wxt/browser';
import { drainQueue, showQueueOnBadge } from './saves';
import { serverUrlItem, userItem } from './stores';

const ALARM = 'trove-drain-save-queue';

/**
 * When queued saves are sent: at start-up, when the network comes back, when someone signs in, and on a
 * periodic alarm (which also wakes a stopped service worker).
 */
export function registerQueueTriggers() {
  void browser.alarms.create(ALARM, { periodInMinutes: 1 });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === ALARM) void drainQueue();
  });
  globalThis.addEventListener?.('online', () => void drainQueue(true));
  browser.runtime.onStartup.addListener(() => void drainQueue(true));
  // Saves waiting for an account are sent when it signs in; the badge counts again who waits for what.
  userItem.watch((user, before) => {
    if (user && user.id !== before?.id) void drainQueue(true);
    void showQueueOnBadge();
  });
  serverUrlItem.watch(() => void showQueueOnBadge());
  void drainQueue(true);
}
