import type { LentAccess, Result } from '../types';

/** The side panel: it streams from the server itself, with an access token the background lends it. */
export interface ChatMessages {
  /**
   * A short-lived access token (refreshed first when `refresh` is set, after the server refused one).
   * The refresh token never leaves the background.
   */
  getLentAccess(input: { refresh?: boolean }): Result<LentAccess>;
}
