import type {
  Collection,
  CreateFeedbackInput,
  CreateGemInput,
  Diagnostics,
  Feedback,
  Gem,
  GemList,
  Tag,
  UpdateGemInput,
  Upload,
  User,
} from '../api/contract';
import type { PageExtract } from '../page/extract';

/** What the UI is told about a failure: enough to show a clear message and to highlight a field. */
export interface UiError {
  kind: 'offline' | 'signed-out' | 'invalid' | 'not-found' | 'server' | 'unknown';
  status: number;
  message: string;
  fields?: { path: string; message: string }[];
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: UiError };

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
}

/**
 * Messages the extension's own pages (popup, options, side panel) send to the background, which
 * alone holds the tokens and calls the server. Each answers a Result so failures cross the boundary typed.
 */
export interface ProtocolMap {
  getSession(): Result<Session>;
  setServerUrl(serverUrl: string): Result<Session>;
  signUp(input: { username: string; email: string; password: string }): Result<Session>;
  signIn(input: { identifier: string; password: string }): Result<Session>;
  signOut(): Result<Session>;
  getActivePage(input: { tabId?: number }): Result<ActivePage>;
  listCollections(): Result<Collection[]>;
  createCollection(input: { name: string; parentId?: number | null }): Result<Collection>;
  listTags(): Result<Tag[]>;
  findGemsAtUrl(url: string): Result<Gem[]>;
  createGem(input: { idempotencyKey: string; gem: CreateGemInput }): Result<Gem>;
  updateGem(input: { id: number; gem: UpdateGemInput }): Result<Gem>;
  listGems(input: { page: number; perPage?: number }): Result<GemList>;
  createTag(input: { tag: string }): Result<Tag>;
  /** An image as a data: URL (runtime messages carry JSON, not bytes). */
  uploadFeedbackImage(input: { name: string; dataUrl: string }): Result<{ link: string; upload: Upload }>;
  deleteUploadedImage(input: { id: number }): Result<{ id: number }>;
  submitFeedback(input: CreateFeedbackInput): Result<Feedback>;
  getDiagnostics(): Result<Diagnostics>;
}

export type MessageName = keyof ProtocolMap;
export type MessageInput<K extends MessageName> = Parameters<ProtocolMap[K]>[0];
export type MessageOutput<K extends MessageName> = ReturnType<ProtocolMap[K]>;

/** The background as the UI sees it; the popup and options pages get one through React context. */
export type BackgroundClient = {
  [K in MessageName]: (...args: Parameters<ProtocolMap[K]>) => Promise<ReturnType<ProtocolMap[K]>>;
};
