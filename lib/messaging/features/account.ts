import type { Result, ServerCheck, Session } from '../types';

/** Which server, and who is signed in to it. */
export interface AccountMessages {
  getSession(): Result<Session>;
  setServerUrl(serverUrl: string): Result<Session>;
  /** Whether a Trove server answers at the address (nothing is saved). */
  checkServer(serverUrl: string): Result<ServerCheck>;
  /** `invitation`: the code of an admin's invitation, when the server registers by invitation. */
  signUp(input: { username: string; email: string; password: string; invitation?: string }): Result<Session>;
  signIn(input: { identifier: string; password: string }): Result<Session>;
  /** Signs in through the server's single sign-on provider, in the browser's sign-in window (lib/background/oidc.ts). */
  signInWithOidc(): Result<Session>;
  signOut(): Result<Session>;
  /** Reads the signed-in user again from the server (after a change of profile). */
  reloadUser(): Result<Session>;
  /** Keeps the blocked sites the options page has just changed on the server. */
  setBlockedSites(hosts: string[]): Result<string[]>;
  /** The blocked sites the background keeps. */
  getBlockedSites(): Result<string[]>;
  /** Unblocks a site (the popup's "Unblock"); answers the new list. */
  unblockSite(host: string): Result<string[]>;
}
