/**
 * Every route of the API, written out by hand, with a valid request for each (built from a few
 * fixture rows). The fuzz test mutates these requests; the deleted-user test replays them with a
 * stale token. fuzz.test.ts checks that this list and the app's own route table match.
 */

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Rows (and secrets) the valid requests refer to. */
export interface Fixtures {
  token: string;
  refreshToken: string;
  adminToken: string;
  gemId: number;
  collectionId: number;
  tagId: number;
  chatId: number;
  messageId: number;
  modelId: number;
  /** An image model the user has a key for (OpenAI at the fake provider), and a message with its picture. */
  imageModelId: number;
  pictureMessageId: number;
  uploadId: number;
  /** The stored file name of an upload (`/uploads/{file}`). */
  uploadFile: string;
  /** The fake provider's base URL (keys set by the fuzz point there). */
  providerUrl: string;
  /** The token of the chat's share link (`/shared/chats/{token}`). */
  shareToken: string;
  /** The file name of the shared chat's picture (`/shared/chats/{token}/pictures/{file}`). */
  pictureFile: string;
  /** A custom endpoint of the user (`/api/ai-endpoints/{id}`), an Ollama at the fake provider. */
  endpointId: number;
  /** The user's own prompt, brand voice, persona and memory. */
  promptId: number;
  voiceId: number;
  personaId: number;
  memoryId: number;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteCase {
  method: Method;
  /** The route's path as the app declares it. */
  pattern: string;
  auth: 'user' | 'admin' | 'none';
  path: (f: Fixtures) => string;
  /** A valid query string (values before encoding). */
  query?: (f: Fixtures) => Record<string, string>;
  /** A valid JSON body. */
  json?: (f: Fixtures) => unknown;
  /** A multipart body: its text fields (a PNG goes in `files`). */
  form?: (f: Fixtures) => Record<string, string>;
  /** The route sends `Idempotency-Key`. */
  idempotent?: boolean;
  /** The last path segment is a parameter (an id, a provider, a file name) worth fuzzing. */
  pathParam?: boolean;
  /** Destructive: never replayed with valid input by the fuzz. */
  destructive?: boolean;
}

const page = { page: '1', perPage: '10' };
const pageUrl = 'https://example.com/fuzz/page';

const gemData = (f: Fixtures) => ({
  title: 'Fuzz gem',
  description: 'A description',
  url: pageUrl,
  media_type: 'Article',
  media: {
    language: 'en',
    alt: 'alt text',
    siteName: 'Example',
    lang: 'en',
    wordCount: 3,
    width: 1,
    height: 1,
    mediaUrl: 'https://example.com/i.png',
  },
  image: 'https://example.com/image.png',
  favicon: 'https://example.com/favicon.ico',
  text: 'Body text',
  byline: 'Someone',
  publishedAt: '2024-01-02T03:04:05Z',
  collectionId: f.collectionId,
  tags: [f.tagId, 'fuzz-tag'],
});

const typedGem = (media: Record<string, unknown>) => (f: Fixtures) => ({
  data: { title: 'Typed', url: pageUrl, collectionId: f.collectionId, tags: ['typed'], media },
});

export const ROUTES: RouteCase[] = [
  { method: 'GET', pattern: '/api/health', auth: 'none', path: () => '/api/health' },
  {
    method: 'POST',
    pattern: '/api/auth/local/register',
    auth: 'none',
    path: () => '/api/auth/local/register',
    json: () => ({ username: 'fuzzreg', email: 'fuzzreg@example.test', password: 'correct-horse-1' }),
  },
  {
    method: 'POST',
    pattern: '/api/auth/local',
    auth: 'none',
    path: () => '/api/auth/local',
    json: () => ({ identifier: 'nobody@example.test', password: 'wrong-password' }),
  },
  {
    method: 'POST',
    pattern: '/api/auth/refresh',
    auth: 'none',
    path: () => '/api/auth/refresh',
    json: (f) => ({ refreshToken: f.refreshToken }),
  },
  {
    method: 'POST',
    pattern: '/api/auth/logout',
    auth: 'none',
    path: () => '/api/auth/logout',
    json: (f) => ({ refreshToken: f.refreshToken }),
  },
  {
    method: 'GET',
    pattern: '/api/admin/feedbacks',
    auth: 'admin',
    path: () => '/api/admin/feedbacks',
    query: () => page,
  },
  { method: 'GET', pattern: '/uploads/:file', auth: 'none', path: (f) => `/uploads/${f.uploadFile}`, pathParam: true },
  {
    method: 'GET',
    pattern: '/shared/chats/:token',
    auth: 'none',
    path: (f) => `/shared/chats/${f.shareToken}`,
    pathParam: true,
  },
  {
    method: 'GET',
    pattern: '/shared/chats/:token/pictures/:file',
    auth: 'none',
    path: (f) => `/shared/chats/${f.shareToken}/pictures/${f.pictureFile}`,
    pathParam: true,
  },

  {
    method: 'GET',
    pattern: '/api/users/me',
    auth: 'user',
    path: () => '/api/users/me',
    query: () => ({ populate: 'tags' }),
  },
  { method: 'GET', pattern: '/api/tags', auth: 'user', path: () => '/api/tags' },
  {
    method: 'POST',
    pattern: '/api/tags',
    auth: 'user',
    path: () => '/api/tags',
    json: (f) => ({ data: { tag: 'fuzz', parentId: f.tagId } }),
  },
  { method: 'GET', pattern: '/api/get-user-collections', auth: 'user', path: () => '/api/get-user-collections' },
  {
    method: 'POST',
    pattern: '/api/collections',
    auth: 'user',
    path: () => '/api/collections',
    json: (f) => ({ data: { name: 'Fuzz', parentId: f.collectionId } }),
  },
  {
    method: 'GET',
    pattern: '/api/collections/:id',
    auth: 'user',
    path: (f) => `/api/collections/${f.collectionId}`,
    pathParam: true,
  },
  {
    method: 'PUT',
    pattern: '/api/collections/:id',
    auth: 'user',
    path: (f) => `/api/collections/${f.collectionId}`,
    json: () => ({ data: { name: 'Renamed', parentId: null } }),
    pathParam: true,
  },
  {
    method: 'DELETE',
    pattern: '/api/collections/:id',
    auth: 'user',
    path: (f) => `/api/collections/${f.collectionId}`,
    pathParam: true,
    destructive: true,
  },
  {
    method: 'GET',
    pattern: '/api/collections/:id/bookmarks',
    auth: 'user',
    path: (f) => `/api/collections/${f.collectionId}/bookmarks`,
    query: () => ({ ...page, media_type: 'Article', sortBy: 'title' }),
  },
  {
    method: 'POST',
    pattern: '/api/gems',
    auth: 'user',
    path: () => '/api/gems',
    json: (f) => ({ data: gemData(f) }),
    idempotent: true,
  },
  {
    method: 'POST',
    pattern: '/api/code',
    auth: 'user',
    path: () => '/api/code',
    json: typedGem({ code: 'let a = 1;', language: 'ts' }),
    idempotent: true,
  },
  {
    method: 'POST',
    pattern: '/api/pdf',
    auth: 'user',
    path: () => '/api/pdf',
    json: typedGem({ mediaUrl: 'https://example.com/a.pdf' }),
    idempotent: true,
  },
  {
    method: 'POST',
    pattern: '/api/audios',
    auth: 'user',
    path: () => '/api/audios',
    query: () => ({ isRecord: 'true' }),
    json: typedGem({ mediaUrl: 'https://example.com/a.mp3' }),
    idempotent: true,
  },
  {
    method: 'POST',
    pattern: '/api/videos',
    auth: 'user',
    path: () => '/api/videos',
    json: typedGem({ mediaUrl: 'https://example.com/a.mp4' }),
    idempotent: true,
  },
  {
    method: 'GET',
    pattern: '/api/gems/:id{[0-9]+}',
    auth: 'user',
    path: (f) => `/api/gems/${f.gemId}`,
    pathParam: true,
  },
  {
    method: 'PUT',
    pattern: '/api/gems/:id{[0-9]+}',
    auth: 'user',
    path: (f) => `/api/gems/${f.gemId}`,
    json: (f) => ({
      data: { title: 'Edited', description: 'd', media_type: 'Link', collectionId: f.collectionId, tags: [f.tagId] },
    }),
    pathParam: true,
  },
  {
    method: 'DELETE',
    pattern: '/api/gems/:id{[0-9]+}',
    auth: 'user',
    path: (f) => `/api/gems/${f.gemId}`,
    pathParam: true,
    destructive: true,
  },
  {
    method: 'GET',
    pattern: '/api/get-all-bookmark',
    auth: 'user',
    path: () => '/api/get-all-bookmark',
    query: () => page,
  },
  {
    method: 'GET',
    pattern: '/api/gems-at-url',
    auth: 'user',
    path: () => '/api/gems-at-url',
    query: () => ({ url: pageUrl }),
  },
  {
    method: 'POST',
    pattern: '/api/feedbacks',
    auth: 'user',
    path: () => '/api/feedbacks',
    query: () => ({ populate: '*' }),
    json: (f) => ({
      data: {
        title: 'It broke',
        description: 'Steps',
        url: pageUrl,
        category: 'Bug',
        tags: [f.tagId],
        isExtension: true,
        // An uploaded image belongs to the one report it is attached to, so none here.
        imageLinks: [],
        diagnostics: {
          extensionVersion: '1.0.0',
          browser: 'Chrome 130',
          os: 'Linux',
          activeModel: 'gpt',
          recentErrors: ['boom'],
        },
      },
    }),
  },
  {
    method: 'GET',
    pattern: '/api/feedbacks',
    auth: 'user',
    path: () => '/api/feedbacks',
    query: () => ({ ...page, populate: '*' }),
  },
  {
    method: 'POST',
    pattern: '/api/upload',
    auth: 'user',
    path: () => '/api/upload',
    form: () => ({ isFeedbackImg: 'true' }),
  },
  {
    method: 'POST',
    pattern: '/api/upload-chat-files',
    auth: 'user',
    path: () => '/api/upload-chat-files',
    form: (f) => ({ modelId: String(f.modelId) }),
  },
  {
    method: 'DELETE',
    pattern: '/api/upload/:id{[0-9]+}',
    auth: 'user',
    path: (f) => `/api/upload/${f.uploadId}`,
    pathParam: true,
    destructive: true,
  },
  {
    method: 'POST',
    pattern: '/api/upload-all-file',
    auth: 'user',
    path: () => '/api/upload-all-file',
    form: (f) => {
      const { image: _image, ...data } = gemData(f);
      return { data: JSON.stringify({ ...data, media_type: 'Image' }) };
    },
    idempotent: true,
  },
  {
    method: 'GET',
    pattern: '/api/ai-models',
    auth: 'user',
    path: () => '/api/ai-models',
    query: () => ({ page: '1', pageSize: '10', type: 'Text' }),
  },
  { method: 'GET', pattern: '/api/user-models', auth: 'user', path: () => '/api/user-models' },
  { method: 'GET', pattern: '/api/ai-settings', auth: 'user', path: () => '/api/ai-settings' },
  {
    method: 'PUT',
    pattern: '/api/ai-settings',
    auth: 'user',
    path: () => '/api/ai-settings',
    json: (f) => ({
      enableModels: [f.modelId],
      defaultLanguage: 'en',
      defaultBrandPersona: f.personaId,
      defaultBrandPersonaName: 'Persona',
      defaultBrandVoiceId: f.voiceId,
      defaultBrandVoiceName: 'Voice',
      costEstimate: true,
      enableMemory: true,
      streaming: false,
      followUpQuestions: false,
      showCitations: false,
    }),
  },
  {
    method: 'POST',
    pattern: '/api/ai-settings/select-model',
    auth: 'user',
    path: () => '/api/ai-settings/select-model',
    json: (f) => ({ modelId: f.modelId, kind: 'text' }),
  },
  {
    method: 'PUT',
    pattern: '/api/ai-settings/keys/:provider',
    auth: 'user',
    path: () => '/api/ai-settings/keys/anthropic',
    json: (f) => ({ apiKey: 'sk-ant-fuzz-1234', baseUrl: `${f.providerUrl}/v1` }),
    pathParam: true,
  },
  {
    method: 'DELETE',
    pattern: '/api/ai-settings/keys/:provider',
    auth: 'user',
    path: () => '/api/ai-settings/keys/groq',
    pathParam: true,
  },
  {
    method: 'POST',
    pattern: '/api/change-provider-status',
    auth: 'user',
    path: () => '/api/change-provider-status',
    json: () => ({ provider: 'groq', enabled: true }),
  },
  {
    method: 'POST',
    pattern: '/api/change-model-status',
    auth: 'user',
    path: () => '/api/change-model-status',
    json: (f) => ({ modelId: f.modelId, enabled: true }),
  },
  { method: 'GET', pattern: '/api/ai-endpoints', auth: 'user', path: () => '/api/ai-endpoints' },
  {
    method: 'POST',
    pattern: '/api/ai-endpoints',
    auth: 'user',
    path: () => '/api/ai-endpoints',
    json: (f) => ({ name: 'Fuzz endpoint', kind: 'ollama', baseUrl: f.providerUrl, apiKey: 'sk-fuzz-endpoint-1234' }),
  },
  {
    method: 'POST',
    pattern: '/api/ai-endpoints/test',
    auth: 'user',
    path: () => '/api/ai-endpoints/test',
    json: (f) => ({ kind: 'openai-compatible', baseUrl: `${f.providerUrl}/v1` }),
  },
  {
    method: 'POST',
    pattern: '/api/ai-endpoints/:id/test',
    auth: 'user',
    path: (f) => `/api/ai-endpoints/${f.endpointId}/test`,
  },
  {
    method: 'POST',
    pattern: '/api/ai-endpoints/:id/refresh',
    auth: 'user',
    path: (f) => `/api/ai-endpoints/${f.endpointId}/refresh`,
  },
  {
    method: 'PUT',
    pattern: '/api/ai-endpoints/:id/context-length',
    auth: 'user',
    path: (f) => `/api/ai-endpoints/${f.endpointId}/context-length`,
    json: (f) => ({ modelId: f.modelId, contextLength: 32_768 }),
  },
  {
    method: 'DELETE',
    pattern: '/api/ai-endpoints/:id',
    auth: 'user',
    path: (f) => `/api/ai-endpoints/${f.endpointId}`,
    pathParam: true,
    destructive: true,
  },
  {
    method: 'GET',
    pattern: '/api/chats/history',
    auth: 'user',
    path: () => '/api/chats/history',
    query: () => ({ ...page, search: 'fuzz', type: 'chat' }),
  },
  {
    method: 'GET',
    pattern: '/api/chats/collections',
    auth: 'user',
    path: () => '/api/chats/collections',
    query: () => ({ type: 'chat' }),
  },
  {
    method: 'GET',
    pattern: '/api/chats/:id/export',
    auth: 'user',
    path: (f) => `/api/chats/${f.chatId}/export`,
    query: () => ({ format: 'markdown' }),
  },
  {
    method: 'POST',
    pattern: '/api/chats/:id/duplicate',
    auth: 'user',
    path: (f) => `/api/chats/${f.chatId}/duplicate`,
  },
  { method: 'POST', pattern: '/api/messages/:id/fork', auth: 'user', path: (f) => `/api/messages/${f.messageId}/fork` },
  {
    method: 'POST',
    pattern: '/api/chats',
    auth: 'user',
    path: () => '/api/chats',
    json: () => ({ title: 'Fuzz chat', url: pageUrl }),
  },
  {
    method: 'POST',
    pattern: '/api/chats/context-size',
    auth: 'user',
    path: () => '/api/chats/context-size',
    json: (f) => ({
      gemIds: [f.gemId],
      collectionIds: [f.collectionId],
      includePageGems: true,
      pageExtract: { url: pageUrl },
    }),
  },
  { method: 'GET', pattern: '/api/chats/:id/messages', auth: 'user', path: (f) => `/api/chats/${f.chatId}/messages` },
  {
    method: 'POST',
    pattern: '/api/chats/:id/messages',
    auth: 'user',
    path: (f) => `/api/chats/${f.chatId}/messages`,
    json: (f) => ({
      text: 'What is this page about?',
      modelId: f.modelId,
      language: 'en',
      temporary: false,
      brandVoiceId: f.voiceId,
      personaId: f.personaId,
      promptId: f.promptId,
      promptVariables: { Topic: 'fuzz' },
      promptPart: 0,
      memory: true,
      followUps: false,
      citations: false,
      costEstimate: true,
      tool: 'chat',
      context: {
        pageExtract: { url: pageUrl, title: 'Page', text: 'Page text' },
        includePageGems: false,
        gemIds: [f.gemId],
        collectionIds: [f.collectionId],
        text: 'Extra context',
      },
    }),
  },
  {
    method: 'POST',
    pattern: '/api/chats/temporary/messages',
    auth: 'user',
    path: () => '/api/chats/temporary/messages',
    json: (f) => ({
      text: 'And this one?',
      modelId: f.modelId,
      language: 'en',
      temporary: true,
      followUps: false,
      citations: false,
      costEstimate: true,
      context: { pageExtract: { url: pageUrl, title: 'Page', text: 'Page text' }, gemIds: [f.gemId] },
      history: [
        { question: 'What is this page about?', answer: 'A fuzz page.' },
        { question: 'Stopped', answer: '' },
      ],
    }),
  },
  {
    method: 'GET',
    pattern: '/api/messages/:id/stream',
    auth: 'user',
    path: (f) => `/api/messages/${f.messageId}/stream`,
  },
  {
    method: 'POST',
    pattern: '/api/messages/:id/regenerate',
    auth: 'user',
    path: (f) => `/api/messages/${f.messageId}/regenerate`,
    json: (f) => ({
      showEmojis: false,
      humanizeResponse: true,
      polishResponse: false,
      readingLevel: 2,
      responseLength: 3,
      regenerationModel: f.modelId,
      regenerationLanguage: 'fr',
    }),
  },
  {
    method: 'PUT',
    pattern: '/api/chats/:id',
    auth: 'user',
    path: (f) => `/api/chats/${f.chatId}`,
    json: () => ({ title: 'Renamed chat' }),
  },
  {
    method: 'DELETE',
    pattern: '/api/chats/:id',
    auth: 'user',
    path: (f) => `/api/chats/${f.chatId}`,
    destructive: true,
  },
  { method: 'POST', pattern: '/api/chats/:id/share', auth: 'user', path: (f) => `/api/chats/${f.chatId}/share` },
  { method: 'GET', pattern: '/api/chats/:id/share', auth: 'user', path: (f) => `/api/chats/${f.chatId}/share` },
  {
    method: 'DELETE',
    pattern: '/api/chats/:id/share',
    auth: 'user',
    path: (f) => `/api/chats/${f.chatId}/share`,
    destructive: true,
  },
  { method: 'POST', pattern: '/api/messages/:id/stop', auth: 'user', path: (f) => `/api/messages/${f.messageId}/stop` },
  {
    method: 'POST',
    pattern: '/api/messages/:id/memory-proposal',
    auth: 'user',
    path: (f) => `/api/messages/${f.messageId}/memory-proposal`,
    json: () => ({ data: { action: 'dismissed' } }),
  },
  {
    method: 'POST',
    pattern: '/api/chats/:id/pictures',
    auth: 'user',
    path: (f) => `/api/chats/${f.chatId}/pictures`,
    json: (f) => ({ prompt: 'A fuzzy picture', modelId: f.imageModelId, shape: 'portrait', count: 2 }),
  },
  {
    method: 'POST',
    pattern: '/api/messages/:id/image-gem',
    auth: 'user',
    path: (f) => `/api/messages/${f.pictureMessageId}/image-gem`,
    json: (f) => ({ index: 0, collectionId: f.collectionId }),
  },
  ...voiceRoutes(),
];

/** Prompts, brand voices, personas and memories (lib/api/voice-contract.ts). */
function voiceRoutes(): RouteCase[] {
  const list = { search: 'fuzz', page: '1', perPage: '10' };
  const crud = (
    base: string,
    id: (f: Fixtures) => number,
    create: () => unknown,
    update: () => unknown,
    query: Record<string, string> = list,
  ): RouteCase[] => [
    { method: 'GET', pattern: `/api/${base}`, auth: 'user', path: () => `/api/${base}`, query: () => query },
    { method: 'POST', pattern: `/api/${base}`, auth: 'user', path: () => `/api/${base}`, json: create },
    { method: 'GET', pattern: `/api/${base}/:id`, auth: 'user', path: (f) => `/api/${base}/${id(f)}`, pathParam: true },
    {
      method: 'PUT',
      pattern: `/api/${base}/:id`,
      auth: 'user',
      path: (f) => `/api/${base}/${id(f)}`,
      json: update,
      pathParam: true,
    },
    {
      method: 'DELETE',
      pattern: `/api/${base}/:id`,
      auth: 'user',
      path: (f) => `/api/${base}/${id(f)}`,
      pathParam: true,
      destructive: true,
    },
  ];
  const expander = [{ type: 'prompt', text: '<p>Fuzz {{Topic}}</p>', plainText: 'Fuzz {{Topic}}' }];
  return [
    ...crud(
      'prompts',
      (f) => f.promptId,
      () => ({
        data: {
          title: 'Fuzz prompt',
          description: 'd',
          text: 'Fuzz {{Topic}}',
          expander,
          category: 'Write',
          showPrompt: false,
          isPublic: true,
          promptType: 'prompt',
        },
      }),
      () => ({ data: { expander, text: 'Fuzz {{Topic}}', category: 'Chat', showPrompt: true } }),
      { ...list, category: 'Write', scope: 'all' },
    ),
    ...crud(
      'brand-voices',
      (f) => f.voiceId,
      () => ({ data: { name: 'Fuzz voice', description: 'd', text: 'Warm.' } }),
      () => ({ data: { name: 'Renamed', text: 'Cool.' } }),
    ),
    ...crud(
      'personas',
      (f) => f.personaId,
      () => ({ data: { name: 'Fuzz persona', jobTitle: 'Editor', description: 'd', text: 'Edit.' } }),
      () => ({ data: { jobTitle: 'Chief' } }),
    ),
    ...crud(
      'memories',
      (f) => f.memoryId,
      () => ({ data: { memory: 'I like fuzz' } }),
      () => ({ data: { memory: 'I like fuzzing' } }),
    ),
    {
      method: 'POST',
      pattern: '/api/prompts/:id/optimize',
      auth: 'user',
      path: (f) => `/api/prompts/${f.promptId}/optimize`,
      json: (f) => ({ modelId: f.modelId, text: 'Fuzz {{Topic}}' }),
    },
    {
      method: 'GET',
      pattern: '/api/fetch-public-prompts',
      auth: 'user',
      path: () => '/api/fetch-public-prompts',
      query: () => ({ ...list, category: 'Reading' }),
    },
    {
      method: 'GET',
      pattern: '/api/fetch-public-expanders',
      auth: 'user',
      path: () => '/api/fetch-public-expanders',
      query: () => list,
    },
    {
      method: 'POST',
      pattern: '/api/chats/:id/prompt',
      auth: 'user',
      path: (f) => `/api/chats/${f.chatId}/prompt`,
      json: (f) => ({ modelId: f.modelId, category: 'Chat' }),
    },
    {
      method: 'POST',
      pattern: '/api/messages/:id/prompt',
      auth: 'user',
      path: (f) => `/api/messages/${f.messageId}/prompt`,
      json: () => ({ title: 'Saved answer', category: 'Write' }),
    },
  ];
}

export interface WireRequest {
  method: Method;
  /** Path and query string. */
  target: string;
  headers: Record<string, string>;
  body?: string | FormData | Uint8Array<ArrayBuffer>;
}

/** A query string from already-encoded pairs (so tests can send raw bytes such as `%ED%A0%80`). */
export const rawQuery = (pairs: [string, string][]) =>
  pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '';

export const encodeQuery = (query: Record<string, string>) =>
  rawQuery(Object.entries(query).map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)]));

export function authHeaders(route: RouteCase, f: Fixtures, token = f.token): Record<string, string> {
  if (route.auth === 'user') return { Authorization: `Bearer ${token}` };
  if (route.auth === 'admin') return { Authorization: `Bearer ${f.adminToken}` };
  return {};
}

/** A multipart form: the text fields and, with `withFile`, a PNG in `files`. */
export function multipart(fields: Record<string, string>, withFile = true): FormData {
  const form = new FormData();
  if (withFile) form.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'fuzz.png');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The route's valid request. */
export function validRequest(route: RouteCase, f: Fixtures, token?: string): WireRequest {
  const headers = authHeaders(route, f, token);
  const target = `${route.path(f)}${route.query ? encodeQuery(route.query(f)) : ''}`;
  if (route.json)
    return {
      method: route.method,
      target,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(route.json(f)),
    };
  if (route.form) return { method: route.method, target, headers, body: multipart(route.form(f)) };
  return { method: route.method, target, headers };
}

export interface WireResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON from the wire
  body: any;
  text: string;
}

export async function send(baseUrl: string, request: WireRequest): Promise<WireResponse> {
  const response = await fetch(`${baseUrl}${request.target}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a file, an SSE stream): kept as text
  }
  return { status: response.status, body, text };
}
