import { browser } from 'wxt/browser';
import { drainQueue } from './saves';

const ALARM = 'trove-drain-save-queue';

/**
 * When queued saves are sent: at start-up, when the network comes back, and on a periodic alarm
 * (which also wakes a stopped service worker).
 */
export function registerQueueTriggers() {
  void browser.alarms.create(ALARM, { periodInMinutes: 1 });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === ALARM) void drainQueue();
  });
  globalThis.addEventListener?.('online', () => void drainQueue(true));
  browser.runtime.onStartup.addListener(() => void drainQueue(true));
  void drainQueue(true);
}
