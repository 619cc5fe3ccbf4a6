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
  signOut(): Result<Session>;
}
