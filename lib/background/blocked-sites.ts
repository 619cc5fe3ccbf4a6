import { z } from 'zod';
import { isBlockedUrl } from '../api/blocked-host';
import { accountApi } from '../api/routes/account';
import { blockedSitesItem } from '../page/blocked-sites';
import { api } from './api-client';
import { userItem } from './stores';

/**
 * The user's blocked sites in the background: kept in storage (lib/page/blocked-sites.ts) for the pages, and in memory
 * so a right-click item can be refused before anything is awaited (the side panel must open within the click).
 */
let current: string[] = [];

/** Whether the page at `url` is on a blocked site, from memory (see registerBlockedSites). */
export const isBlockedNow = (url: string | undefined) => isBlockedUrl(url, current);

async function keep(hosts: string[]) {
  current = hosts;
  await blockedSitesItem.setValue(hosts);
  return hosts;
}

/** Fetches the list from the server when someone is signed in (sign-in, start-up); kept as it was when it cannot. */
export async function refreshBlockedSites(): Promise<string[]> {
  if (!(await userItem.getValue())) return keep([]);
  return keep((await api.call(accountApi.blockedSites)).data);
}

/** The list the options page has just changed on the server. */
export const setBlockedSites = (hosts: string[]) => keep(z.array(z.string()).parse(hosts));

/** The popup's "Unblock": removes the site on the server and keeps the new list. */
export async function unblockSite(host: string): Promise<string[]> {
  return keep((await api.call(accountApi.unblockSite, { body: { data: { host } } })).data);
}

/** Loads the kept list, follows changes to it, and fetches it once at start-up. */
export function registerBlockedSites() {
  void blockedSitesItem.getValue().then((hosts) => {
    current = hosts;
  });
  blockedSitesItem.watch((hosts) => {
    current = hosts ?? [];
  });
  refreshBlockedSites().catch(() => {});
}
