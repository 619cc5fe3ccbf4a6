import { serverUrlItem, userItem } from './stores';

/**
 * Whose a queued save is: the account signed in (on that server) when it was made. It is sent only
 * while that account is signed in on that server, never into the library of whoever signs in next. A
 * save made while signed out (userId null) goes to the first account that signs in on that server.
 */
export interface SaveOwner {
  serverUrl: string;
  userId: number | null;
  username: string | null;
}

export async function currentOwner(): Promise<SaveOwner> {
  const [serverUrl, user] = await Promise.all([serverUrlItem.getValue(), userItem.getValue()]);
  return { serverUrl, userId: user?.id ?? null, username: user?.username ?? null };
}

/**
 * What a save waits for before it may be sent ("alice to sign in"), or null when it may be sent now
 * (`now`: who is signed in where, from `currentOwner`).
 * Saves queued before owners were recorded belong to whoever is signed in.
 */
export function waitingFor(owner: SaveOwner | undefined, now: SaveOwner): string | null {
  const { serverUrl, userId, username } = owner ?? { ...now, userId: null, username: null };
  const sameServer = serverUrl === now.serverUrl;
  if (sameServer && now.userId !== null && (userId === null || userId === now.userId)) return null;
  const where = sameServer ? '' : ` on ${serverUrl}`;
  return userId === null ? `a sign-in${where}` : `${username} to sign in${where}`;
}
