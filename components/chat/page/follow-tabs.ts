import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';

/**
 * "Follow the active tab": the panel reads each tab the user moves to (needs host access, asked for when turned on).
 */
export const followTabsItem = storage.defineItem<boolean>('local:followActiveTab', { fallback: false });

const ALL_SITES = { origins: ['<all_urls>'] };

/** Turns following on (asking for access to read sites, in the click's gesture) or off. False when refused. */
export async function setFollowTabs(on: boolean): Promise<boolean> {
  if (on && !(await browser.permissions.request(ALL_SITES))) return false;
  await followTabsItem.setValue(on);
  if (!on) await browser.permissions.remove(ALL_SITES).catch(() => false);
  return true;
}

/** Whether following is on, kept current as it changes. */
export function useFollowTabs(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    void followTabsItem.getValue().then(setOn);
    return followTabsItem.watch((value) => setOn(value));
  }, []);
  return on;
}
