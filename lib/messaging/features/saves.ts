import type { SuggestionSettings } from '../../api/suggestions-contract';
import type { Preferences, QueueView, Result, SaveOutcome, SavePayload } from '../types';

/** Saving through the background's persistent queue, and where quick saves go. */
export interface SaveMessages {
  /** Every save goes through the background's persistent queue; see SaveOutcome. */
  saveGem(input: { key: string; label: string; payload: SavePayload }): Result<SaveOutcome>;
  /** A screenshot of the active tab saved as an Image gem, through the queue (to the quick-save collection). */
  saveScreenshot(): Result<SaveOutcome>;
  listQueue(): Result<QueueView[]>;
  retryQueued(input: { key: string }): Result<SaveOutcome | null>;
  discardQueued(input: { key: string }): Result<{ key: string }>;
  getPreferences(): Result<Preferences>;
  setPreferences(input: Partial<Preferences>): Result<Preferences>;
  /** Whether the popup suggests tags and a collection at save time (Options → Suggestions when saving). */
  getSuggestionSettings(): Result<SuggestionSettings>;
}
