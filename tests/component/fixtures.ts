import {
  type AiModel,
  type AiSettings,
  aiSettingsSchema,
  CHAT_SETTINGS_DEFAULTS,
  type ConnectionProblem,
  type CustomEndpoint,
  type DiscoveredModel,
} from '@/lib/api/ai-contract';
import { canonicalizeUrl } from '@/lib/api/canonical-url';
import type { Collection, Diagnostics, Feedback, Gem, Tag, Upload, User } from '@/lib/api/contract';
import { promptVariables } from '@/lib/api/prompt-variables';
import type { SharedItem } from '@/lib/api/sharing-contract';
import type { SuggestionSettings } from '@/lib/api/suggestions-contract';
import type { Prompt } from '@/lib/api/voice-contract';
import type { ActivePage, Preferences, QueueView } from '@/lib/messaging/protocol';

/** Test data: a signed-in user "ada" with a few nested collections and tags, looking at a blog post. */

export const NOW = '2024-05-14T09:30:00.000Z';

export const makeUser = (over: Partial<User> = {}): User => ({
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  unfiltered_collection_id: 1,
  ai_chats_collection_id: null,
  createdAt: NOW,
  ...over,
});

export const makeCollection = (id: number, name: string, over: Partial<Collection> = {}): Collection => ({
  id,
  name,
  parentId: null,
  gems_count: 0,
  isUnfiltered: false,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

export const makeTag = (id: number, tag: string): Tag => ({ id, tag, parentId: null, color: null, createdAt: NOW });

/** A collection grace shared with the user as contributor, accepted: "Field notes" (id 90) unless `over` says else. */
export const makeSharedCollection = (over: Partial<SharedItem> = {}): SharedItem => ({
  shareId: 5,
  kind: 'collection',
  id: 90,
  name: 'Field notes',
  path: 'Field notes',
  owner: { id: 2, username: 'grace' },
  role: 'contributor',
  status: 'accepted',
  invitedBy: null,
  gemsCount: 2,
  createdAt: NOW,
  subCollections: [],
  ...over,
});

export const makeGem = (id: number, over: Partial<Gem> = {}): Gem => {
  const url = over.url ?? `https://example.com/gems/${id}`;
  return {
    id,
    title: `Gem ${id}`,
    description: '',
    url,
    canonicalUrl: canonicalizeUrl(url),
    media_type: 'Link',
    media: {},
    image: null,
    favicon: null,
    text: null,
    byline: null,
    publishedAt: null,
    collectionId: 1,
    author: { id: 1, username: 'ada' },
    tags: [],
    notes: '',
    isFavourite: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  };
};

/** The page text an article tab gives (makePage's). */
export const sampleExtract: NonNullable<ActivePage['extract']> = {
  title: 'Hello, world',
  description: 'A first post about saying hello.',
  byline: 'Ada Lovelace',
  siteName: 'Example Blog',
  lang: 'en',
  image: 'https://blog.example.com/cover.png',
  favicon: 'https://blog.example.com/favicon.ico',
  publishedAt: '2024-05-01T00:00:00.000Z',
  text: 'Hello there. '.repeat(150),
  markdown: 'Hello there.',
  wordCount: 300,
  url: 'https://blog.example.com/posts/hello-world?utm_source=rss',
};

export const makePage = (over: Partial<ActivePage> = {}): ActivePage => ({
  tabId: 7,
  url: 'https://blog.example.com/posts/hello-world?utm_source=rss',
  title: 'Hello, world | Example Blog',
  favIconUrl: 'https://blog.example.com/favicon.ico',
  extract: { ...sampleExtract },
  detected: { mediaType: 'Article', mediaUrl: null },
  ...over,
});

export interface FakeState {
  serverUrl: string;
  user: User | null;
  accounts: { user: User; password: string }[];
  collections: Collection[];
  /** Collections others shared with the user that they may add gems to. */
  sharedCollections: SharedItem[];
  tags: Tag[];
  gems: Gem[];
  /** The tab the browser calls active, as read. */
  activePage: ActivePage;
  /** Other open tabs, as read: getActivePage answers any of them asked for by id. */
  otherTabs?: ActivePage[];
  /** Images uploaded for bug reports and not deleted, in upload order. */
  uploads: Upload[];
  /** Bug reports submitted, in order. */
  feedbacks: Feedback[];
  /** What getDiagnostics answers. */
  diagnostics: Diagnostics;
  /** False: saves are queued, as when the server cannot be reached. */
  serverReachable: boolean;
  /** What answers at each address (checkServer): a Trove server or something else; other addresses answer nothing. */
  servers: Record<string, 'trove' | 'other'>;
  /** Saves waiting in the background's queue. */
  queue: QueueView[];
  preferences: Preferences;
  /** The AI settings as the server keeps them: the real keys live here (the "server"), the UI only sees masks. */
  ai: FakeAiState;
  /** The token getLentAccess lends: a live server's, for a page that calls that server itself. */
  lentToken?: string;
  /** What getSuggestionSettings answers (a live server's, read by the test): switched off unless given. */
  suggestionSettings?: SuggestionSettings;
  /** The blocked sites the background keeps (setBlockedSites, unblockSite). */
  blockedSites?: string[];
}

export interface FakeAiState {
  settings: AiSettings;
  models: AiModel[];
  /** Plain keys by provider display name. */
  keys: Record<string, string>;
  /** House models are configured by the operator (Credits) or not (Inactive). */
  houseConfigured: boolean;
  /** The user's custom endpoints as the server keeps them (keys only masked here; plain ones in `keys`). */
  endpoints: CustomEndpoint[];
  /** What answers at each base URL a custom endpoint may point to; any other address is unreachable. */
  endpointServers: Record<string, FakeEndpointServer>;
}

/** A model server a custom endpoint can reach: its models, or the problem a connection to it meets. */
export interface FakeEndpointServer {
  models: Omit<DiscoveredModel, 'id'>[];
  problem?: { problem: ConnectionProblem; message: string };
}

const LANGUAGES = [
  { label: 'English', code: 'en' },
  { label: 'French', code: 'fr' },
  { label: 'German', code: 'de' },
];

export const makeAiModel = (
  id: number,
  provider: string,
  model: string,
  displayName: string,
  over: Partial<AiModel> = {},
): AiModel => ({
  id,
  model,
  provider,
  displayName,
  type: 'Text',
  logoLink: null,
  isActive: true,
  languages: LANGUAGES,
  is_web_search_enabled: false,
  is_reasoning_enabled: false,
  is_audio_enabled: false,
  is_video_enabled: false,
  is_vision_enabled: false,
  is_image_generated: false,
  isAttachmentSupported: false,
  content_length: 128_000,
  supported_file_formats: [],
  isCurateitAI: false,
  isDefaultForCurateit: false,
  inputPricePerMillion: 1,
  outputPricePerMillion: 2,
  ...over,
});

/** The providers the server knows, in its order: slug and whether a key is needed. */
export const AI_PROVIDERS: { provider: string; slug: string; keyRequired: boolean }[] = [
  { provider: 'OpenAI', slug: 'openai', keyRequired: true },
  { provider: 'Anthropic', slug: 'anthropic', keyRequired: true },
  { provider: 'Groq', slug: 'groq', keyRequired: true },
  { provider: 'Ollama', slug: 'ollama', keyRequired: false },
  { provider: 'Trove', slug: 'trove', keyRequired: false },
];

export function defaultAiState(): FakeAiState {
  return {
    settings: aiSettingsSchema.parse({
      enableModels: [],
      defaultAI: null,
      defaultModel: null,
      defaultImageAI: null,
      defaultImageModel: null,
      defaultLanguage: 'en',
      defaultBrandPersona: null,
      defaultBrandPersonaName: null,
      defaultBrandVoiceId: null,
      defaultBrandVoiceName: null,
      ...CHAT_SETTINGS_DEFAULTS,
      credits: 100,
      providers: AI_PROVIDERS.map((p) => ({ ...p, apiKey: null, baseUrl: null, enabled: true })),
    }),
    models: [
      makeAiModel(1, 'OpenAI', 'gpt-4.1', 'GPT-4.1', {
        is_vision_enabled: true,
        is_web_search_enabled: true,
        isAttachmentSupported: true,
        content_length: 1_047_576,
      }),
      makeAiModel(2, 'OpenAI', 'gpt-image-1', 'GPT Image 1', {
        type: 'Image',
        is_image_generated: true,
        content_length: 32_000,
      }),
      makeAiModel(3, 'Anthropic', 'claude-sonnet-4-5', 'Claude Sonnet 4.5', {
        is_reasoning_enabled: true,
        is_vision_enabled: true,
        content_length: 200_000,
      }),
      makeAiModel(4, 'Groq', 'llama-3.3-70b-versatile', 'Llama 3.3 70B (Groq)', { content_length: 131_072 }),
      makeAiModel(5, 'Ollama', 'llama3.2', 'Llama 3.2 (Ollama)', { is_audio_enabled: true, is_video_enabled: true }),
      makeAiModel(6, 'Trove', 'trove-chat', 'Trove Chat', { isCurateitAI: true, isDefaultForCurateit: true }),
    ],
    keys: {},
    houseConfigured: true,
    endpoints: [],
    endpointServers: {},
  };
}

export const makeDiagnostics = (over: Partial<Diagnostics> = {}): Diagnostics => ({
  extensionVersion: '1.4.2',
  browser: 'Chrome 126.0.6478.127',
  os: 'linux x86-64',
  activeModel: null,
  recentErrors: ['2024-05-14T09:29:00.000Z listTags: Could not reach the server'],
  ...over,
});

export function defaultState(): FakeState {
  const user = makeUser();
  return {
    serverUrl: 'http://127.0.0.1:8787',
    user,
    accounts: [{ user, password: 'correct horse' }],
    collections: [
      makeCollection(1, 'Unfiltered', { isUnfiltered: true }),
      makeCollection(2, 'Recipes', { gems_count: 3 }),
      makeCollection(3, 'Desserts', { parentId: 2 }),
      makeCollection(4, 'Work'),
    ],
    sharedCollections: [],
    tags: [makeTag(1, 'JavaScript'), makeTag(2, 'cooking')],
    gems: [],
    activePage: makePage(),
    uploads: [],
    feedbacks: [],
    diagnostics: makeDiagnostics(),
    serverReachable: true,
    servers: { 'http://127.0.0.1:8787': 'trove' },
    queue: [],
    preferences: { quickSaveCollectionId: null },
    ai: defaultAiState(),
  };
}

/** A prompt by "ada", visible, in the Chat category; `variables` follow from `text` unless given. */
export const makePrompt = (id: number, title: string, over: Partial<Prompt> = {}): Prompt => {
  const text = over.text === undefined ? `Prompt ${id}` : over.text;
  return {
    id,
    title,
    description: '',
    text,
    expander: [],
    textHidden: false,
    variables: text === null ? [] : promptVariables(text),
    queueLength: 1,
    author: { id: 1, username: 'ada' },
    isAuthor: true,
    media: { showPrompt: true, isPublic: false, category: 'Chat', promptType: 'prompt' },
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  };
};
