import type { UiError } from '../api/call-error';
import type { CreateGemInput, GemSummary, User } from '../api/contract';
import type { PageExtract } from '../page/extract';

export type { UiError } from '../api/call-error';

export type Result<T> = { ok: true; data: T } | { ok: false; error: UiError };

/** Where a save goes: the typed gem endpoints, or an image gem with its bytes (an image of the page, or a screenshot). */
export type SaveEndpoint = 'gems' | 'code' | 'pdf' | 'audios' | 'videos';
export type SavePayload =
  | { endpoint: SaveEndpoint; gem: CreateGemInput }
  | {
      endpoint: 'upload-all-file' | 'upload-screenshot';
      gem: CreateGemInput;
      image: { name: string; dataUrl: string };
    };

/**
 * Saved now; queued (it will be sent later) because the server could not be reached or until its account
 * signs in; or refused.
 */
export type SaveOutcome =
  | {
      status: 'saved';
      gem: GemSummary;
      /** Something the user should know about where it went. */
      note?: string;
      /** A quick save of a page or link already saved: `gem` is that gem, and nothing new was made. */
      existing?: true;
    }
  | { status: 'queued'; reason: string; waitsFor: 'server' | 'sign-in' }
  | { status: 'failed'; error: UiError };

export interface QueueView {
  key: string;
  label: string;
  state: 'pending' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: number;
  /** Whose sign-in a waiting save needs before it is sent ("alice to sign in"); null when it can go now. */
  waitingFor: string | null;
}

export interface Preferences {
  /** Where right-click and keyboard saves go; null means the Unfiltered collection. */
  quickSaveCollectionId: number | null;
}

/** The answer of a server check: `problem` is null when a Trove server answers at `serverUrl`. */
export interface ServerCheck {
  serverUrl: string;
  problem: UiError | null;
}

export interface Session {
  serverUrl: string;
  user: User | null;
}

export interface ActivePage {
  tabId: number | null;
  url: string;
  title: string;
  favIconUrl: string | null;
  /** Null when the page cannot be read (browser pages, the web store, a PDF viewer…). */
  extract: PageExtract | null;
  /** What kind of page this is (PDF, audio, video, article, link), when it could be told. */
  detected: { mediaType: PageMediaType; mediaUrl: string | null } | null;
  /** On one of the user's blocked sites: the page is not read (extract null) and not offered to save. */
  blocked?: boolean;
}

/** The tab as the browser knows it, before the page is read: answered at once (getActiveTab). */
export type ActiveTab = Omit<ActivePage, 'extract'>;

export const pageMediaTypes = ['Link', 'Article', 'PDF', 'Audio', 'Video'] as const;
export type PageMediaType = (typeof pageMediaTypes)[number];
/** A gem of the page itself (not a quote, code or image saved from it). */
export const isPageMediaType = (type: string): type is PageMediaType =>
  (pageMediaTypes as readonly string[]).includes(type);

/** What the side panel and the library page need to call the server themselves: where it is and a short-lived access token. */
export interface LentAccess {
  serverUrl: string;
  token: string;
}

/** What the side panel is asked to do (lib/chat/chat-requests.ts). */
export type { ChatRequest } from '../chat/chat-requests';
