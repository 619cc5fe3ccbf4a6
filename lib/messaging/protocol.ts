import type { AiSettings, UpdateAiSettingsInput, UserModel } from '../api/ai-contract';
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

/** Where a save goes: the typed gem endpoints, or an image gem with its bytes. */
export type SaveEndpoint = 'gems' | 'code' | 'pdf' | 'audios' | 'videos';
export type SavePayload =
  | { endpoint: SaveEndpoint; gem: CreateGemInput }
  | { endpoint: 'upload-all-file'; gem: CreateGemInput; image: { name: string; dataUrl: string } };

/** Saved now; queued because the server could not be reached (it will be sent later); or refused. */
export type SaveOutcome =
  | { status: 'saved'; gem: Gem }
  | { status: 'queued'; reason: string }
  | { status: 'failed'; error: UiError };

export interface QueueView {
  key: string;
  label: string;
  state: 'pending' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: number;
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
}

/** The tab as the browser knows it, before the page is read: answered at once (getActiveTab). */
export type ActiveTab = Omit<ActivePage, 'extract'>;

export const pageMediaTypes = ['Link', 'Article', 'PDF', 'Audio', 'Video'] as const;
export type PageMediaType = (typeof pageMediaTypes)[number];

/**
 * Messages the extension's own pages (popup, options, side panel) send to the background, which
 * alone holds the tokens and calls the server. Each answers a Result so failures cross the boundary typed.
 */
export interface ProtocolMap {
  getSession(): Result<Session>;
  setServerUrl(serverUrl: string): Result<Session>;
  /** Whether a Trove server answers at the address (nothing is saved). */
  checkServer(serverUrl: string): Result<ServerCheck>;
  signUp(input: { username: string; email: string; password: string }): Result<Session>;
  signIn(input: { identifier: string; password: string }): Result<Session>;
  signOut(): Result<Session>;
  /** The tab's address and title at once; getActivePage adds what the page says about itself (slower). */
  getActiveTab(input: { tabId?: number }): Result<ActiveTab>;
  getActivePage(input: { tabId?: number }): Result<ActivePage>;
  listCollections(): Result<Collection[]>;
  createCollection(input: { name: string; parentId?: number | null }): Result<Collection>;
  listTags(): Result<Tag[]>;
  findGemsAtUrl(url: string): Result<Gem[]>;
  /** Every save goes through the background's persistent queue; see SaveOutcome. */
  saveGem(input: { key: string; label: string; payload: SavePayload }): Result<SaveOutcome>;
  listQueue(): Result<QueueView[]>;
  retryQueued(input: { key: string }): Result<SaveOutcome | null>;
  discardQueued(input: { key: string }): Result<{ key: string }>;
  getPreferences(): Result<Preferences>;
  setPreferences(input: Partial<Preferences>): Result<Preferences>;
  updateGem(input: { id: number; gem: UpdateGemInput }): Result<Gem>;
  /** Deletes one of the user's gems (the popup's Undo and Delete). */
  deleteGem(input: { id: number }): Result<{ id: number }>;
  listGems(input: { page: number; perPage?: number }): Result<GemList>;
  createTag(input: { tag: string }): Result<Tag>;
  /** An image as a data: URL (runtime messages carry JSON, not bytes). */
  uploadFeedbackImage(input: { name: string; dataUrl: string }): Result<{ link: string; upload: Upload }>;
  deleteUploadedImage(input: { id: number }): Result<{ id: number }>;
  submitFeedback(input: CreateFeedbackInput): Result<Feedback>;
  getDiagnostics(): Result<Diagnostics>;
  getAiSettings(): Result<AiSettings>;
  /** Every active model with this user's label (Credits, API, Team, Inactive). */
  listUserModels(): Result<UserModel[]>;
  /** The key goes to the server only (never into the browser's storage); the answer carries its mask. */
  setProviderKey(input: { provider: string; apiKey?: string; baseUrl?: string | null }): Result<AiSettings>;
  removeProviderKey(input: { provider: string }): Result<AiSettings>;
  /** Refused with the server's message (e.g. the missing-key one) when the model cannot be used. */
  selectModel(input: { modelId: number; kind: 'text' | 'image' }): Result<AiSettings>;
  updateAiSettings(input: UpdateAiSettingsInput): Result<AiSettings>;
}

export type MessageName = keyof ProtocolMap;
export type MessageInput<K extends MessageName> = Parameters<ProtocolMap[K]>[0];
export type MessageOutput<K extends MessageName> = ReturnType<ProtocolMap[K]>;

/** The background as the UI sees it; the popup and options pages get one through React context. */
export type BackgroundClient = {
  [K in MessageName]: (...args: Parameters<ProtocolMap[K]>) => Promise<ReturnType<ProtocolMap[K]>>;
};
