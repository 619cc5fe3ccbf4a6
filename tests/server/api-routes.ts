import { request as httpRequest } from 'node:http';
import { type RouteAuth, routeKey } from '../../lib/api/route';
import { contractRoutes } from '../../lib/api/routes';
import { checkDocumented } from './documented-responses';

/**
 * Every route of the API, from the contract (lib/api/routes/) and its list of routes not yet in it, each with a valid
 * request kept here by the route's key (built from a few fixture rows). A route without one fails, naming it. The fuzz
 * test mutates these requests; the deleted-user test replays them with a stale token. fuzz.test.ts checks that this
 * list and the app's own route table match.
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
  /** The user's saved search (`/api/saved-searches/{id}`). */
  savedSearchId: number;
  /** A bulk job of the user, done (`/api/bulk-jobs/{id}`). */
  bulkJobId: number;
  /** An import of the user (`/api/imports/{id}`). */
  importId: number;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The user id (`sub`) of an access token. */
const userIdOf = (token: string) =>
  Number(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')).sub);

/** A valid request of one route, kept here by the route's key (`METHOD /path` as the contract writes it). */
interface ValidRequest {
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
  /** The form is sent with text fields only (an HTML page's form, a raw text): no file, and no "no file" case. */
  textOnlyForm?: boolean;
  /** Destructive: never replayed with valid input by the fuzz. */
  destructive?: boolean;
  /**
   * The request holds a one-time secret the fuzz cannot make (a sign-in code): the route refuses every request with
   * a 400 naming this field, also when a mutation leaves the other fields valid (NUL is cleaned out of text).
   */
  refusedAs?: string;
}

/** A route with its valid request. */
export interface RouteCase extends ValidRequest {
  method: Method;
  /** The route's path as the app declares it (Hono's `:name` parameters). */
  pattern: string;
  auth: RouteAuth;
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

const REQUESTS: Record<string, ValidRequest> = {
  'GET /api/health': { path: () => '/api/health' },
  'GET /api/openapi.json': { path: () => '/api/openapi.json' },
  'GET /api/docs': { path: () => '/api/docs' },
  'GET /api/docs/{file}': { path: () => '/api/docs/swagger-ui.css', pathParam: true },
  'POST /api/auth/local/register': {
    path: () => '/api/auth/local/register',
    json: () => ({ username: 'fuzzreg', email: 'fuzzreg@example.test', password: 'correct-horse-1' }),
  },
  'POST /api/auth/local': {
    path: () => '/api/auth/local',
    json: () => ({ identifier: 'nobody@example.test', password: 'wrong-password' }),
  },
  'POST /api/auth/refresh': {
    path: () => '/api/auth/refresh',
    json: (f) => ({ refreshToken: f.refreshToken }),
  },
  'POST /api/auth/logout': {
    path: () => '/api/auth/logout',
    json: (f) => ({ refreshToken: f.refreshToken }),
  },
  'GET /api/admin/feedbacks': {
    path: () => '/api/admin/feedbacks',
    query: () => page,
  },
  // the operator's routes (features/operator/): user and invitation ids no fixture holds (disabling or deleting the
  // fuzz user would end its session), so their valid requests answer 404
  'GET /api/admin/users': { path: () => '/api/admin/users' },
  'POST /api/admin/users/{id}/disable': { path: () => '/api/admin/users/999999/disable', destructive: true },
  'POST /api/admin/users/{id}/enable': { path: () => '/api/admin/users/999999/enable' },
  'DELETE /api/admin/users/{id}': { path: () => '/api/admin/users/999999', pathParam: true, destructive: true },
  'PUT /api/admin/users/{id}/credits': { path: () => '/api/admin/users/999999/credits', json: () => ({ credits: 5 }) },
  'POST /api/admin/users/{id}/reset-link': { path: () => '/api/admin/users/999999/reset-link' },
  'GET /api/admin/invitations': { path: () => '/api/admin/invitations' },
  'POST /api/admin/invitations': {
    path: () => '/api/admin/invitations',
    json: () => ({ email: 'fuzz-invite@example.test' }),
  },
  'POST /api/admin/invitations/{id}/resend': { path: () => '/api/admin/invitations/999999/resend' },
  'DELETE /api/admin/invitations/{id}': {
    path: () => '/api/admin/invitations/999999',
    pathParam: true,
    destructive: true,
  },
  'GET /api/admin/registration': { path: () => '/api/admin/registration' },
  'PUT /api/admin/registration': { path: () => '/api/admin/registration', json: () => ({ mode: 'open' }) },
  'GET /api/auth/options': { path: () => '/api/auth/options' },
  'POST /api/auth/forgot-password': {
    path: () => '/api/auth/forgot-password',
    json: () => ({ identifier: 'nobody@example.test' }),
  },
  'GET /reset-password/{token}': { path: () => '/reset-password/AAAAAAAAAAAAAAAAAAAAAA', pathParam: true },
  'POST /reset-password/{token}': {
    path: () => '/reset-password/AAAAAAAAAAAAAAAAAAAAAA',
    form: () => ({ password: 'Correct-horse-1', confirm: 'Correct-horse-1' }),
    textOnlyForm: true,
  },
  'GET /invitation/{code}': { path: () => '/invitation/AAAAAAAAAAAAAAAAAAAAAA', pathParam: true },
  // single sign-on (features/oidc/): the fuzz server has no provider configured, so these valid requests answer 404
  // (start, callback) or 400 (an unknown code); tests/server/oidc.test.ts runs them against a real provider
  'GET /auth/oidc/start': {
    path: () => '/auth/oidc/start',
    query: () => ({ challenge: 'A'.repeat(43), return_to: `https://${'a'.repeat(32)}.chromiumapp.org/oidc` }),
  },
  'GET /auth/oidc/callback': { path: () => '/auth/oidc/callback', query: () => ({ code: 'abc', state: 'def' }) },
  'POST /api/auth/oidc/token': {
    path: () => '/api/auth/oidc/token',
    json: () => ({ code: 'A'.repeat(43), verifier: 'B'.repeat(43) }),
    refusedAs: 'code',
  },
  'GET /confirm-email/{token}': { path: () => '/confirm-email/AAAAAAAAAAAAAAAAAAAAAA', pathParam: true },
  'POST /confirm-email/{token}': {
    path: () => '/confirm-email/AAAAAAAAAAAAAAAAAAAAAA',
    form: () => ({ confirm: 'yes' }),
    textOnlyForm: true,
  },
  'GET /uploads/{file}': { path: (f) => `/uploads/${f.uploadFile}`, pathParam: true },
  'GET /shared/chats/{token}': {
    path: (f) => `/shared/chats/${f.shareToken}`,
    pathParam: true,
  },
  'GET /shared/chats/{token}/pictures/{file}': {
    path: (f) => `/shared/chats/${f.shareToken}/pictures/${f.pictureFile}`,
    pathParam: true,
  },

  // The account (lib/api/routes/account.ts). Its password checks get a wrong password: a valid replay must neither change
  // the fixture user's password nor delete the user.
  'POST /api/auth/change-password': {
    path: () => '/api/auth/change-password',
    // without the optional confirmation: dropped, the request would still be valid and answer about currentPassword
    json: () => ({ currentPassword: 'not-the-password', password: 'New-password-1' }),
    destructive: true,
  },
  'GET /api/auth/password': { path: () => '/api/auth/password' },
  // the fixture user has a password: a 409, nothing set
  'POST /api/auth/set-password': {
    path: () => '/api/auth/set-password',
    json: () => ({ password: 'New-password-1', passwordConfirmation: 'New-password-1' }),
  },
  'GET /api/sessions': { path: () => '/api/sessions' },
  'DELETE /api/sessions/{id}': {
    path: () => '/api/sessions/00000000-0000-4000-8000-000000000000',
    pathParam: true,
    destructive: true,
  },
  'DELETE /api/sessions': { path: () => '/api/sessions', destructive: true },
  'GET /api/username': { path: () => '/api/username', query: () => ({ username: 'someone' }) },
  'PUT /api/users/{id}': {
    path: (f) => `/api/users/${userIdOf(f.token)}`,
    json: () => ({ displayName: 'Fuzz' }),
    pathParam: true,
  },
  'GET /api/blocked-sites': { path: () => '/api/blocked-sites' },
  'POST /api/blocked-sites': { path: () => '/api/blocked-sites', json: () => ({ data: { host: '*.example.org' } }) },
  'POST /api/remove-block-sites': {
    path: () => '/api/remove-block-sites',
    json: () => ({ data: { host: '*.example.org' } }),
  },
  'DELETE /api/delete-userdata': {
    path: () => '/api/delete-userdata',
    json: () => ({ data: { password: 'not-the-password' } }),
    destructive: true,
  },

  'GET /api/users/me': {
    path: () => '/api/users/me',
    query: () => ({ populate: 'tags' }),
  },
  'GET /api/tags': { path: () => '/api/tags' },
  'POST /api/tags': {
    path: () => '/api/tags',
    json: (f) => ({ data: { tag: 'fuzz', parentId: f.tagId } }),
  },
  'GET /api/filter-search': {
    path: () => '/api/filter-search',
    query: () => ({ q: 'fixture tag:fixture -type:pdf sort:title-asc', filterby: 'title', queryby: 'fix', ...page }),
  },
  'GET /api/search-facets': { path: () => '/api/search-facets', query: () => ({ q: 'fixture OR "a phrase"' }) },
  'GET /api/group-gems': {
    path: () => '/api/group-gems',
    query: (f) => ({ groupBy: 'tag', subGroupBy: 'type', q: 'fixture', collectionId: String(f.collectionId), ...page }),
  },
  'GET /api/fetch-bookmarks': {
    path: () => '/api/fetch-bookmarks',
    query: () => ({ type: 'link', is_favourite: 'false', tags: 'fixture', ...page }),
  },
  'GET /api/saved-searches': { path: () => '/api/saved-searches' },
  'POST /api/saved-searches': {
    path: () => '/api/saved-searches',
    json: () => ({ data: { name: 'Fuzz search', query: 'fuzz is:fav' } }),
  },
  'PUT /api/saved-searches/{id}': {
    path: (f) => `/api/saved-searches/${f.savedSearchId}`,
    json: () => ({ data: { name: 'Fuzz search renamed', query: 'site:example.com' } }),
    pathParam: true,
  },
  'DELETE /api/saved-searches/{id}': {
    path: (f) => `/api/saved-searches/${f.savedSearchId}`,
    pathParam: true,
    destructive: true,
  },
  'PUT /api/tags/{id}': {
    path: (f) => `/api/tags/${f.tagId}`,
    json: () => ({ data: { color: '#12ab9f' } }),
    pathParam: true,
  },
  // a tag no one has: the fuzz sends some cases as they are (a junk query), and the gem cases need the fixture tag
  'DELETE /api/tags/{id}': {
    path: (f) => `/api/tags/${f.tagId + 1_000_000}`,
    pathParam: true,
    destructive: true,
  },
  'POST /api/tags/{id}/merge/{into}': {
    path: (f) => `/api/tags/${f.tagId + 1_000_000}/merge/${f.tagId}`,
    pathParam: true,
    destructive: true,
  },
  'GET /api/sub-tag/{id}': {
    path: (f) => `/api/sub-tag/${f.tagId}`,
    query: () => page,
    pathParam: true,
  },
  'PUT /api/tag-colors': {
    path: () => '/api/tag-colors',
    json: (f) => ({ data: [{ id: f.tagId, color: null }] }),
  },
  'GET /api/tag-wise-gem-counts': { path: () => '/api/tag-wise-gem-counts' },
  'DELETE /api/tags-delete': {
    path: () => '/api/tags-delete',
    json: (f) => ({ ids: [f.tagId + 1_000_000] }),
    destructive: true,
  },
  'DELETE /api/delete-all-tags': {
    path: () => '/api/delete-all-tags',
    // more tags than the user has: a 409, so the fuzz's cases sent as they are delete nothing
    query: () => ({ expected: '1000000' }),
    destructive: true,
  },
  'GET /api/bulk-jobs': { path: () => '/api/bulk-jobs' },
  'POST /api/bulk-jobs': {
    path: () => '/api/bulk-jobs',
    json: (f) => ({ action: 'tag', target: { ids: [f.gemId] }, tagIds: [f.tagId] }),
  },
  'GET /api/bulk-jobs/{id}': { path: (f) => `/api/bulk-jobs/${f.bulkJobId}`, pathParam: true },
  'POST /api/bulk-jobs/{id}/undo': { path: (f) => `/api/bulk-jobs/${f.bulkJobId}/undo`, destructive: true },
  'POST /api/collection-import': {
    path: () => '/api/collection-import',
    json: () => ({ fileName: 'links.txt', content: 'https://example.com/imported', dryRun: true }),
  },
  'GET /api/imports': { path: () => '/api/imports' },
  'GET /api/imports/{id}': { path: (f) => `/api/imports/${f.importId}`, pathParam: true },
  'GET /api/duplicates': { path: () => '/api/duplicates', query: () => page },
  'POST /api/duplicates/merge': {
    path: () => '/api/duplicates/merge',
    json: (f) => ({ ids: [f.gemId, f.chatId] }),
    destructive: true,
  },
  'POST /api/link-checks': { path: () => '/api/link-checks', json: (f) => ({ gemIds: [f.gemId] }) },
  'GET /api/gems/{id}/link-check': { path: (f) => `/api/gems/${f.gemId}/link-check`, pathParam: true },
  'POST /api/library-export': { path: () => '/api/library-export', json: () => ({ format: 'netscape-html' }) },
  'POST /api/collection-export/{id}': {
    path: (f) => `/api/collection-export/${f.collectionId}`,
    json: () => ({ format: 'trove-json' }),
    pathParam: true,
  },
  'GET /api/get-user-collections': { path: () => '/api/get-user-collections' },
  'POST /api/collections': {
    path: () => '/api/collections',
    json: (f) => ({ data: { name: 'Fuzz', parentId: f.collectionId } }),
  },
  'GET /api/collections/{id}': {
    path: (f) => `/api/collections/${f.collectionId}`,
    pathParam: true,
  },
  'PUT /api/collections/{id}': {
    path: (f) => `/api/collections/${f.collectionId}`,
    json: () => ({ data: { name: 'Renamed', parentId: null } }),
    pathParam: true,
  },
  'DELETE /api/collections/{id}': {
    path: (f) => `/api/collections/${f.collectionId}`,
    pathParam: true,
    destructive: true,
  },
  'GET /api/collections/{id}/bookmarks': {
    path: (f) => `/api/collections/${f.collectionId}/bookmarks`,
    query: () => ({ ...page, media_type: 'Article', sortBy: 'title' }),
  },
  'GET /api/is-public-collection/{id}': {
    path: (f) => `/api/is-public-collection/${f.collectionId}`,
    pathParam: true,
  },
  'PUT /api/collections/{id}/public': {
    path: (f) => `/api/collections/${f.collectionId}/public`,
    json: () => ({ data: { isPublic: true, seoTitle: 'Fuzz', noindex: true, includeSubcollections: true } }),
  },
  'DELETE /api/collections/{id}/public': { path: (f) => `/api/collections/${f.collectionId}/public` },
  'PATCH /api/collections/{id}/seo-details': {
    path: (f) => `/api/collections/${f.collectionId}/seo-details`,
    json: () => ({ data: { seoTitle: 'Fuzz title', seoImage: 'https://img.test/og.png' } }),
  },
  // Following (server/features/following): the fixture user's collection is theirs (400) or not public (404).
  'POST /api/following-users': {
    path: () => '/api/following-users',
    json: (f) => ({ data: { hierarchyLevel: 'collection', collectionId: f.collectionId } }),
  },
  'POST /api/unfollowing-users': {
    path: () => '/api/unfollowing-users',
    json: (f) => ({ data: { hierarchyLevel: 'collection', collectionId: f.collectionId } }),
  },
  'GET /api/followed-by-me': { path: () => '/api/followed-by-me' },
  'GET /api/following-gems': { path: () => '/api/following-gems', query: () => ({ ...page }) },
  'POST /api/followed-by-me/seen': { path: () => '/api/followed-by-me/seen' },
  // Search by meaning (server/features/embeddings): the fixture endpoint is an Ollama at the fake provider.
  'PUT /api/embedding-model': {
    path: () => '/api/embedding-model',
    json: (f) => ({ data: { source: 'endpoint', endpointId: f.endpointId, model: 'nomic-embed-text' } }),
  },
  'DELETE /api/embedding-model': { path: () => '/api/embedding-model', destructive: true },
  'GET /api/get-vectors-for-collections-gems': {
    path: () => '/api/get-vectors-for-collections-gems',
    query: (f) => ({ collectionId: String(f.collectionId) }),
  },
  'GET /api/sync-collections-gems': { path: () => '/api/sync-collections-gems' },
  'GET /sitemap.xml': { path: () => '/sitemap.xml' },
  'GET /{username}/{slug}': {
    path: () => '/fuzzowner/fuzz-page',
    query: () => ({ q: 'tag:x words', tag: 'x', page: '2' }),
    pathParam: true,
  },
  'GET /{username}/{slug}/{sub}': {
    path: () => '/fuzzowner/fuzz-page/sub/deeper',
    query: () => ({ q: 'words', page: '1' }),
    pathParam: true,
  },
  'GET /{username}/{slug}/feed.rss': { path: () => '/fuzzowner/fuzz-page/feed.rss' },
  'GET /{username}/{slug}/feed.atom': { path: () => '/fuzzowner/fuzz-page/feed.atom' },
  'POST /api/gems': {
    path: () => '/api/gems',
    json: (f) => ({ data: gemData(f) }),
    idempotent: true,
  },
  'POST /api/code': {
    path: () => '/api/code',
    json: typedGem({ code: 'let a = 1;', language: 'ts' }),
    idempotent: true,
  },
  'POST /api/pdf': {
    path: () => '/api/pdf',
    json: typedGem({ mediaUrl: 'https://example.com/a.pdf' }),
    idempotent: true,
  },
  'POST /api/audios': {
    path: () => '/api/audios',
    query: () => ({ isRecord: 'true' }),
    json: typedGem({ mediaUrl: 'https://example.com/a.mp3' }),
    idempotent: true,
  },
  'POST /api/videos': {
    path: () => '/api/videos',
    json: typedGem({ mediaUrl: 'https://example.com/a.mp4' }),
    idempotent: true,
  },
  'GET /api/gems/{id}': {
    path: (f) => `/api/gems/${f.gemId}`,
    pathParam: true,
  },
  'PUT /api/gems/{id}': {
    path: (f) => `/api/gems/${f.gemId}`,
    json: (f) => ({
      data: { title: 'Edited', description: 'd', media_type: 'Link', collectionId: f.collectionId, tags: [f.tagId] },
    }),
    pathParam: true,
  },
  'DELETE /api/gems/{id}': {
    path: (f) => `/api/gems/${f.gemId}`,
    pathParam: true,
    destructive: true,
  },
  'POST /api/delete-bookmarks': {
    path: () => '/api/delete-bookmarks',
    json: (f) => ({ ids: [f.gemId] }),
    destructive: true,
  },
  'PUT /api/edit-bookmarks': {
    path: () => '/api/edit-bookmarks',
    json: (f) => ({ bookmarks: [{ id: f.gemId, title: 'Bulk', notes: 'n', isFavourite: true, tags: [f.tagId] }] }),
  },
  'PUT /api/count-gem/{id}': {
    path: (f) => `/api/count-gem/${f.gemId}`,
    query: () => ({ type: 'like' }),
    pathParam: true,
  },
  'PUT /api/gems/{id}/position': {
    path: (f) => `/api/gems/${f.gemId}/position`,
    json: (f) => ({ after: f.gemId + 1, before: f.gemId + 2 }),
  },
  'GET /api/trash': { path: () => '/api/trash', query: () => page },
  'POST /api/trash/restore': {
    path: () => '/api/trash/restore',
    json: (f) => ({ ids: [f.gemId] }),
  },
  'DELETE /api/trash': { path: () => '/api/trash', destructive: true },
  'DELETE /api/trash/{id}': {
    path: (f) => `/api/trash/${f.gemId}`,
    pathParam: true,
    destructive: true,
  },
  'POST /api/collections/{id}/move/{dest}': {
    path: (f) => `/api/collections/${f.collectionId}/move/${f.collectionId}`,
    pathParam: true,
  },
  'POST /api/collections/{id}/move-to-root': {
    path: (f) => `/api/collections/${f.collectionId}/move-to-root`,
  },
  'POST /api/copy-collection/{id}': {
    path: (f) => `/api/copy-collection/${f.collectionId}`,
    pathParam: true,
  },
  'DELETE /api/bulk-collection-delete': {
    path: () => '/api/bulk-collection-delete',
    query: () => ({ gems: 'trash' }),
    json: (f) => ({ collectionIds: [f.collectionId] }),
    destructive: true,
  },
  'GET /api/collection-wise-counts': { path: () => '/api/collection-wise-counts' },
  'GET /api/sub-collection/{id}': {
    path: (f) => `/api/sub-collection/${f.collectionId}`,
    query: () => page,
    pathParam: true,
  },
  'GET /api/get-all-bookmark': {
    path: () => '/api/get-all-bookmark',
    query: () => page,
  },
  'GET /api/gems-at-url': {
    path: () => '/api/gems-at-url',
    query: () => ({ url: pageUrl }),
  },
  'POST /api/feedbacks': {
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
  'GET /api/feedbacks': {
    path: () => '/api/feedbacks',
    query: () => ({ ...page, populate: '*' }),
  },
  'POST /api/upload': {
    path: () => '/api/upload',
    form: () => ({ isFeedbackImg: 'true' }),
  },
  'POST /api/upload-chat-files': {
    path: () => '/api/upload-chat-files',
    form: (f) => ({ modelId: String(f.modelId) }),
  },
  'DELETE /api/upload/{id}': {
    path: (f) => `/api/upload/${f.uploadId}`,
    pathParam: true,
    destructive: true,
  },
  'POST /api/upload-all-file': {
    path: () => '/api/upload-all-file',
    form: (f) => {
      const { image: _image, ...data } = gemData(f);
      return { data: JSON.stringify({ ...data, media_type: 'Image' }) };
    },
    idempotent: true,
  },
  'POST /api/gems/upload-screenshot': {
    path: () => '/api/gems/upload-screenshot',
    form: (f) => {
      const { image: _image, ...data } = gemData(f);
      return { data: JSON.stringify({ ...data, media_type: 'Image' }) };
    },
    idempotent: true,
  },
  'GET /api/ai-models': {
    path: () => '/api/ai-models',
    query: () => ({ page: '1', pageSize: '10', type: 'Text' }),
  },
  'GET /api/user-models': { path: () => '/api/user-models' },
  'GET /api/ai-settings': { path: () => '/api/ai-settings' },
  'PUT /api/ai-settings': {
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
  'POST /api/ai-settings/select-model': {
    path: () => '/api/ai-settings/select-model',
    json: (f) => ({ modelId: f.modelId, kind: 'text' }),
  },
  'PUT /api/ai-settings/keys/{provider}': {
    path: () => '/api/ai-settings/keys/anthropic',
    json: (f) => ({ apiKey: 'sk-ant-fuzz-1234', baseUrl: `${f.providerUrl}/v1` }),
    pathParam: true,
  },
  'DELETE /api/ai-settings/keys/{provider}': {
    path: () => '/api/ai-settings/keys/groq',
    pathParam: true,
  },
  'POST /api/change-provider-status': {
    path: () => '/api/change-provider-status',
    json: () => ({ provider: 'groq', enabled: true }),
  },
  'POST /api/change-model-status': {
    path: () => '/api/change-model-status',
    json: (f) => ({ modelId: f.modelId, enabled: true }),
  },
  'GET /api/ai-endpoints': { path: () => '/api/ai-endpoints' },
  'POST /api/ai-endpoints': {
    path: () => '/api/ai-endpoints',
    json: (f) => ({ name: 'Fuzz endpoint', kind: 'ollama', baseUrl: f.providerUrl, apiKey: 'sk-fuzz-endpoint-1234' }),
  },
  'POST /api/ai-endpoints/test': {
    path: () => '/api/ai-endpoints/test',
    json: (f) => ({ kind: 'openai-compatible', baseUrl: `${f.providerUrl}/v1` }),
  },
  'POST /api/ai-endpoints/{id}/test': {
    path: (f) => `/api/ai-endpoints/${f.endpointId}/test`,
  },
  'POST /api/ai-endpoints/{id}/refresh': {
    path: (f) => `/api/ai-endpoints/${f.endpointId}/refresh`,
  },
  'PUT /api/ai-endpoints/{id}/context-length': {
    path: (f) => `/api/ai-endpoints/${f.endpointId}/context-length`,
    json: (f) => ({ modelId: f.modelId, contextLength: 32_768 }),
  },
  'DELETE /api/ai-endpoints/{id}': {
    path: (f) => `/api/ai-endpoints/${f.endpointId}`,
    pathParam: true,
    destructive: true,
  },
  'GET /api/chats/history': {
    path: () => '/api/chats/history',
    query: () => ({ ...page, search: 'fuzz', type: 'chat' }),
  },
  'GET /api/chats/collections': {
    path: () => '/api/chats/collections',
    query: () => ({ type: 'chat' }),
  },
  'GET /api/chats/{id}/export': {
    path: (f) => `/api/chats/${f.chatId}/export`,
    query: () => ({ format: 'markdown' }),
  },
  'POST /api/chats/{id}/duplicate': {
    path: (f) => `/api/chats/${f.chatId}/duplicate`,
  },
  'POST /api/messages/{id}/fork': { path: (f) => `/api/messages/${f.messageId}/fork` },
  'POST /api/chats': {
    path: () => '/api/chats',
    json: () => ({ title: 'Fuzz chat', url: pageUrl }),
  },
  'POST /api/chats/context-size': {
    path: () => '/api/chats/context-size',
    json: (f) => ({
      gemIds: [f.gemId],
      collectionIds: [f.collectionId],
      includePageGems: true,
      pageExtract: { url: pageUrl },
    }),
  },
  'GET /api/chats/{id}/messages': { path: (f) => `/api/chats/${f.chatId}/messages` },
  'POST /api/chats/{id}/messages': {
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
  'POST /api/chats/temporary/messages': {
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
  'GET /api/messages/{id}/stream': {
    path: (f) => `/api/messages/${f.messageId}/stream`,
  },
  'POST /api/messages/{id}/regenerate': {
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
  'PUT /api/chats/{id}': {
    path: (f) => `/api/chats/${f.chatId}`,
    json: () => ({ title: 'Renamed chat' }),
  },
  'DELETE /api/chats/{id}': {
    path: (f) => `/api/chats/${f.chatId}`,
    destructive: true,
  },
  'POST /api/chats/{id}/share': { path: (f) => `/api/chats/${f.chatId}/share` },
  'GET /api/chats/{id}/share': { path: (f) => `/api/chats/${f.chatId}/share` },
  'DELETE /api/chats/{id}/share': {
    path: (f) => `/api/chats/${f.chatId}/share`,
    destructive: true,
  },
  'POST /api/messages/{id}/stop': { path: (f) => `/api/messages/${f.messageId}/stop` },
  'POST /api/messages/{id}/memory-proposal': {
    path: (f) => `/api/messages/${f.messageId}/memory-proposal`,
    json: () => ({ data: { action: 'dismissed' } }),
  },
  'POST /api/chats/{id}/pictures': {
    path: (f) => `/api/chats/${f.chatId}/pictures`,
    json: (f) => ({ prompt: 'A fuzzy picture', modelId: f.imageModelId, shape: 'portrait', count: 2 }),
  },
  'POST /api/messages/{id}/image-gem': {
    path: (f) => `/api/messages/${f.pictureMessageId}/image-gem`,
    json: (f) => ({ index: 0, collectionId: f.collectionId }),
  },
  ...voiceRoutes(),
  // Sharing (server/features/sharing): share ids are not fixtures; a missing one is a 404, which the fuzz accepts.
  'POST /api/collection-email/{id}': {
    path: (f) => `/api/collection-email/${f.collectionId}`,
    json: () => ({ data: { email: 'fuzz-invitee@example.test', role: 'viewer' } }),
  },
  'POST /api/tags/{id}/shares': {
    path: (f) => `/api/tags/${f.tagId}/shares`,
    json: () => ({ data: { email: 'fuzz-invitee@example.test', role: 'editor' } }),
  },
  'GET /api/collections/{id}/shares': { path: (f) => `/api/collections/${f.collectionId}/shares` },
  'GET /api/tags/{id}/shares': { path: (f) => `/api/tags/${f.tagId}/shares` },
  'PUT /api/shares/{id}': {
    path: () => '/api/shares/1',
    json: () => ({ data: { role: 'contributor' } }),
    pathParam: true,
  },
  'DELETE /api/shares/{id}': { path: () => '/api/shares/1', pathParam: true, destructive: true },
  'DELETE /api/collection/{id}/remove-access': {
    path: (f) => `/api/collection/${f.collectionId}/remove-access`,
    query: () => ({ shareId: '1' }),
    destructive: true,
  },
  'POST /api/shares/{id}/accept': { path: () => '/api/shares/1/accept' },
  'POST /api/shares/{id}/decline': { path: () => '/api/shares/1/decline' },
  'GET /api/share-invitations': { path: () => '/api/share-invitations' },
  'GET /api/share-with-me': { path: () => '/api/share-with-me' },
  'GET /api/access-events': { path: () => '/api/access-events', query: () => ({ seconds: '0' }) },
  'PUT /api/collections/{id}/shares-inherit': {
    path: (f) => `/api/collections/${f.collectionId}/shares-inherit`,
    json: () => ({ data: { inherit: false } }),
  },
  // Teams (server/features/teams): team and shared-key ids are not fixtures; a missing one (or not the user's) is a 404.
  'GET /api/teams': { path: () => '/api/teams' },
  'POST /api/teams': { path: () => '/api/teams', json: () => ({ data: { name: 'Fuzz team' } }) },
  'PUT /api/teams/{id}': {
    path: () => '/api/teams/1',
    json: () => ({ data: { name: 'Fuzz team', settingsEnabled: true, defaultAllowanceUsd: 1.5 } }),
    pathParam: true,
  },
  'DELETE /api/teams/{id}': { path: () => '/api/teams/1', pathParam: true, destructive: true },
  'GET /api/teams/{id}/members': { path: () => '/api/teams/1/members' },
  'POST /api/teams/{id}/members': {
    path: () => '/api/teams/1/members',
    json: () => ({ data: { email: 'fuzz-teammate@example.test', role: 'member' } }),
  },
  'PUT /api/teams/{id}/members/{userId}': {
    path: (f) => `/api/teams/1/members/${userIdOf(f.token)}`,
    json: () => ({ data: { role: 'member', monthlyAllowanceUsd: null } }),
    pathParam: true,
  },
  'DELETE /api/teams/{id}/members/{userId}': {
    path: (f) => `/api/teams/1/members/${userIdOf(f.token)}`,
    pathParam: true,
    destructive: true,
  },
  'POST /api/teams/{id}/transfer': {
    path: () => '/api/teams/1/transfer',
    json: (f) => ({ data: { userId: userIdOf(f.token) } }),
    pathParam: true,
    destructive: true,
  },
  'GET /api/teams/{id}/usage': { path: () => '/api/teams/1/usage', query: () => ({ month: '2026-11' }) },
  'POST /api/enable-team-settings': { path: () => '/api/enable-team-settings', json: () => ({ data: { teamId: 1 } }) },
  'POST /api/disable-team-settings': {
    path: () => '/api/disable-team-settings',
    json: () => ({ data: { teamId: 1 } }),
  },
  'POST /api/add-new-team-settings': {
    path: () => '/api/add-new-team-settings',
    json: () => ({ data: { name: 'Fuzz team 2' } }),
  },
  'POST /api/update-team-settings': {
    path: () => '/api/update-team-settings',
    json: () => ({ data: { id: 1, name: 'Fuzz team' } }),
  },
  'POST /api/delete-team-settings': {
    path: () => '/api/delete-team-settings',
    json: () => ({ data: { id: 1 } }),
    destructive: true,
  },
  'POST /api/share-key-with-team': {
    path: () => '/api/share-key-with-team',
    json: (f) => ({ data: { teamId: 1, provider: 'openai', modelIds: [f.modelId] } }),
  },
  'GET /api/get-shared-team-settings': { path: () => '/api/get-shared-team-settings', query: () => ({ teamId: '1' }) },
  'POST /api/update-team-shared-settings': {
    path: () => '/api/update-team-shared-settings',
    json: () => ({ data: { teamId: 1, monthlyAllowanceUsd: 2 } }),
  },
  'POST /api/add-new-team-shared-settings': {
    path: () => '/api/add-new-team-shared-settings',
    json: (f) => ({ data: { teamId: 1, userId: userIdOf(f.token), monthlyAllowanceUsd: 0.5 } }),
  },
  'POST /api/delete-team-shared-settings': {
    path: () => '/api/delete-team-shared-settings',
    json: () => ({ data: { teamId: 1, settingId: 1 } }),
    destructive: true,
  },
  'GET /api/get-shared-by-settings': { path: () => '/api/get-shared-by-settings' },
  'POST /api/add-new-model-to-team-shared-settings': {
    path: () => '/api/add-new-model-to-team-shared-settings',
    json: (f) => ({ data: { settingId: 1, modelId: f.modelId } }),
  },
  'POST /api/remove-model-from-team-shared-settings': {
    path: () => '/api/remove-model-from-team-shared-settings',
    json: (f) => ({ data: { settingId: 1, modelId: f.modelId } }),
  },
  'POST /api/set-shared-api-key-as-default': {
    path: () => '/api/set-shared-api-key-as-default',
    json: () => ({ data: { type: 'openai' } }),
  },
  'POST /api/remove-shared-api-key': {
    path: () => '/api/remove-shared-api-key',
    json: () => ({ data: { type: 'openai', settingId: 1 } }),
  },
  // Share links (server/features/share-links): link ids and tokens are not fixtures; a missing one is a 404.
  'POST /api/collection-link/{id}': {
    path: (f) => `/api/collection-link/${f.collectionId}`,
    json: () => ({ data: { accessType: 'emails', allowEmail: ['fuzz-friend@example.test'], showNotes: false } }),
  },
  'POST /api/tags/{id}/link': {
    path: (f) => `/api/tags/${f.tagId}/link`,
    json: () => ({ data: { accessType: 'anyone' } }),
  },
  'POST /api/gems/{id}/link': {
    path: (f) => `/api/gems/${f.gemId}/link`,
    json: () => ({ data: { expiresAt: '2099-01-01T00:00:00Z', password: 'fuzz-pass' } }),
  },
  'GET /api/collection-link': { path: () => '/api/collection-link', query: () => ({ kind: 'tag' }) },
  'POST /api/collections/{id}/generatelink': { path: (f) => `/api/collections/${f.collectionId}/generatelink` },
  'POST /api/collection/{id}/disable-link': {
    path: (f) => `/api/collection/${f.collectionId}/disable-link`,
    json: () => ({ data: { disabled: false } }),
  },
  'POST /api/collection/{id}/password': {
    path: (f) => `/api/collection/${f.collectionId}/password`,
    json: () => ({ data: { password: null } }),
  },
  'PUT /api/share-links/{id}': {
    path: () => '/api/share-links/1',
    json: () => ({ data: { disabled: false } }),
    pathParam: true,
  },
  'POST /api/share-links/{id}/regenerate': { path: () => '/api/share-links/1/regenerate', pathParam: true },
  'DELETE /api/share-links/{id}': { path: () => '/api/share-links/1', pathParam: true, destructive: true },
  'POST /api/share-links/open/{token}': {
    path: () => '/api/share-links/open/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    json: () => ({ data: { q: 'fixture', page: 1 } }),
    pathParam: true,
  },
  'GET /s/{token}': { path: () => '/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', pathParam: true },
  'POST /s/{token}': {
    path: () => '/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    form: () => ({ password: 'guess' }),
    textOnlyForm: true,
  },
  // Moderation (server/features/moderation): the fixture collection is the user's own (400) or not public (404); the
  // fixture gem has no pending offer (404).
  'POST /api/offered-gems': {
    path: () => '/api/offered-gems',
    json: (f) => ({ data: { gemId: f.gemId, collectionId: f.collectionId } }),
  },
  'GET /api/offered-gems': { path: () => '/api/offered-gems', query: () => ({ ...page }) },
  'GET /api/pending-gems': { path: () => '/api/pending-gems', query: () => ({ ...page }) },
  'GET /api/pending-gems/{id}': { path: (f) => `/api/pending-gems/${f.collectionId}`, query: () => ({ ...page }) },
  'GET /api/processed-gems/{id}': { path: (f) => `/api/processed-gems/${f.collectionId}`, query: () => ({ ...page }) },
  'GET /follow': { path: () => '/follow', query: () => ({ collection: 'nobody/nothing' }) },
  'PUT /api/collection/{id}/public-gem/{gemId}': {
    path: (f) => `/api/collection/${f.collectionId}/public-gem/${f.gemId}`,
    json: () => ({ data: { status: 'rejected' } }),
  },
  // Public prompts (server/features/public-prompts): the fixture prompt is private, so its page is a 404.
  'GET /api/anonymous-use': { path: () => '/api/anonymous-use' },
  'PUT /api/anonymous-use': {
    path: () => '/api/anonymous-use',
    json: (f) => ({ data: { enabledModels: [f.modelId], dailyLimit: 5, monthlyBudget: 50 } }),
  },
  'POST /api/enable-anonymous-users': { path: () => '/api/enable-anonymous-users' },
  'POST /api/disable-anonymous-users': { path: () => '/api/disable-anonymous-users' },
  'GET /prompts/{username}/{slug}': { path: () => '/prompts/fuzzowner/fuzz-prompt', pathParam: true },
  'POST /prompts/{username}/{slug}': {
    path: () => '/prompts/fuzzowner/fuzz-prompt',
    form: () => ({ modelId: '1', text: 'Hello' }),
    textOnlyForm: true,
  },
  // Custom sites (server/features/custom-sites): the fixture collection has no domain, so verifying it is a 400.
  'GET /api/fetch-collection-domain-details': {
    path: () => '/api/fetch-collection-domain-details',
    query: (f) => ({ collectionId: String(f.collectionId) }),
  },
  'POST /api/assign-collection-to-domain': {
    path: () => '/api/assign-collection-to-domain',
    json: (f) => ({ data: { collectionId: f.collectionId, domain: `fuzz-${f.collectionId}.example.com` } }),
  },
  'POST /api/verify-cname': {
    path: () => '/api/verify-cname',
    json: (f) => ({ data: { collectionId: f.collectionId } }),
  },
  'DELETE /api/remove-collection-to-domain': {
    path: () => '/api/remove-collection-to-domain',
    query: (f) => ({ collectionId: String(f.collectionId) }),
  },
  'POST /api/assign-collection-to-subdirectory': {
    path: () => '/api/assign-collection-to-subdirectory',
    json: (f) => ({ data: { collectionId: f.collectionId, subdirectory: `fuzz-${f.collectionId}` } }),
  },
  'GET /sites/{name}': { path: () => '/sites/fuzz-site', pathParam: true },
  'GET /sites/{name}/{sub}': { path: () => '/sites/fuzz-site/sub', pathParam: true },
  'GET /sites/{name}/feed.rss': { path: () => '/sites/fuzz-site/feed.rss' },
  'GET /sites/{name}/feed.atom': { path: () => '/sites/fuzz-site/feed.atom' },
};

/**
 * Every route of the contract. A route without a valid request above, or a request for no route, throws, naming them.
 */
function routeCases(): RouteCase[] {
  const defined = contractRoutes().map(({ route }) => ({
    key: routeKey(route),
    method: route.method.toUpperCase() as Method,
    path: route.path,
    auth: route.auth,
  }));
  const routes = defined;
  const missing = routes.filter((r) => !REQUESTS[r.key]).map((r) => r.key);
  if (missing.length) throw new Error(`tests/server/api-routes.ts has no valid request for ${missing.join(', ')}`);
  const keys = new Set(routes.map((r) => r.key));
  const unknown = Object.keys(REQUESTS).filter((key) => !keys.has(key));
  if (unknown.length)
    throw new Error(`tests/server/api-routes.ts has requests for routes that do not exist: ${unknown.join(', ')}`);
  return routes.map(({ key, method, path, auth }) => ({
    ...(REQUESTS[key] as ValidRequest),
    method,
    pattern: path.replace(/\{(\w+)\}/g, ':$1'),
    auth,
  }));
}

export const ROUTES: RouteCase[] = routeCases();

/** Prompts, brand voices, personas and memories (lib/api/voice-contract.ts). */
function voiceRoutes(): Record<string, ValidRequest> {
  const list = { search: 'fuzz', page: '1', perPage: '10' };
  const crud = (
    base: string,
    id: (f: Fixtures) => number,
    create: () => unknown,
    update: () => unknown,
    query: Record<string, string> = list,
  ): Record<string, ValidRequest> => ({
    [`GET /api/${base}`]: { path: () => `/api/${base}`, query: () => query },
    [`POST /api/${base}`]: { path: () => `/api/${base}`, json: create },
    [`GET /api/${base}/{id}`]: { path: (f) => `/api/${base}/${id(f)}`, pathParam: true },
    [`PUT /api/${base}/{id}`]: {
      path: (f) => `/api/${base}/${id(f)}`,
      json: update,
      pathParam: true,
    },
    [`DELETE /api/${base}/{id}`]: {
      path: (f) => `/api/${base}/${id(f)}`,
      pathParam: true,
      destructive: true,
    },
  });
  const expander = [{ type: 'prompt', text: '<p>Fuzz {{Topic}}</p>', plainText: 'Fuzz {{Topic}}' }];
  return {
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
    'POST /api/prompts/{id}/optimize': {
      path: (f) => `/api/prompts/${f.promptId}/optimize`,
      json: (f) => ({ modelId: f.modelId, text: 'Fuzz {{Topic}}' }),
    },
    'GET /api/fetch-public-prompts': {
      path: () => '/api/fetch-public-prompts',
      query: () => ({ ...list, category: 'Reading' }),
    },
    'GET /api/fetch-public-expanders': {
      path: () => '/api/fetch-public-expanders',
      query: () => list,
    },
    'POST /api/chats/{id}/prompt': {
      path: (f) => `/api/chats/${f.chatId}/prompt`,
      json: (f) => ({ modelId: f.modelId, category: 'Chat' }),
    },
    'POST /api/messages/{id}/prompt': {
      path: (f) => `/api/messages/${f.messageId}/prompt`,
      json: () => ({ title: 'Saved answer', category: 'Write' }),
    },
    // AI on a gem (study aids) and text from images
    'GET /api/gems/{id}/study': { path: (f) => `/api/gems/${f.gemId}/study`, pathParam: true },
    'POST /api/generate-summary': {
      path: () => '/api/generate-summary',
      json: (f) => ({ modelId: f.modelId, context: 'Fuzzing finds bugs.' }),
    },
    'POST /api/generate-flash-cards': {
      path: () => '/api/generate-flash-cards',
      json: (f) => ({ modelId: f.modelId, context: 'Fuzzing finds bugs.' }),
    },
    'POST /api/generate-quiz': {
      path: () => '/api/generate-quiz',
      json: (f) => ({ modelId: f.modelId, context: 'Fuzzing finds bugs.' }),
    },
    'GET /api/image-text': { path: () => '/api/image-text', query: (f) => ({ image: String(f.gemId) }) },
    'POST /api/ocre': { path: () => '/api/ocre', form: () => ({}) },
    'POST /api/extract-document': { path: () => '/api/extract-document', form: () => ({}) },
    'POST /api/enhanced-text': {
      path: () => '/api/enhanced-text',
      // its raw text, so no file (the fuzz's PNG has no text to read, and a text beside a file is refused)
      form: (f) => ({ text: 'Fuzz tex-\nt about tides', modelId: String(f.modelId) }),
      textOnlyForm: true,
    },
    'GET /api/media-sources': { path: () => '/api/media-sources' },
    'GET /api/book-list': { path: () => '/api/book-list', query: () => ({ name: 'Dune' }) },
    'GET /api/book-details': { path: () => '/api/book-details', query: () => ({ bookId: 'OL893415W' }) },
    'GET /api/movies-list': { path: () => '/api/movies-list', query: () => ({ name: 'Heat' }) },
    'GET /api/movie-details': { path: () => '/api/movie-details', query: () => ({ imdbId: 'tt0113277' }) },
    'POST /api/suggestions/tags': {
      path: () => '/api/suggestions/tags',
      json: (f) => ({
        title: 'Fuzz page about tides',
        description: 'd',
        url: 'https://example.com/t',
        modelId: f.modelId,
      }),
    },
    'POST /api/suggestions/gem-tags': {
      path: () => '/api/suggestions/gem-tags',
      json: (f) => ({ gemIds: [f.gemId], modelId: f.modelId }),
    },
    'GET /api/suggestions/settings': { path: () => '/api/suggestions/settings' },
    'PUT /api/suggestions/settings': {
      path: () => '/api/suggestions/settings',
      json: (f) => ({ enabled: true, modelId: f.modelId }),
    },
  };
}

export interface WireRequest {
  method: Method;
  /** Path and query string. */
  target: string;
  headers: Record<string, string>;
  /** Parts (an array) are sent one after another: a large body of shared parts is never copied into one. */
  body?: string | FormData | Uint8Array<ArrayBuffer> | Uint8Array[];
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
  if (route.form) return { method: route.method, target, headers, body: multipart(route.form(f), !route.textOnlyForm) };
  return { method: route.method, target, headers };
}

export interface WireResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON from the wire
  body: any;
  text: string;
}

/** The request's bytes and, for a form, its multipart Content-Type (the boundary is the encoder's). */
async function wireBody(body: WireRequest['body']): Promise<{ parts?: Uint8Array[]; type?: string }> {
  if (body === undefined) return {};
  if (typeof body === 'string') return { parts: [Buffer.from(body)] };
  if (body instanceof Uint8Array) return { parts: [body] };
  if (Array.isArray(body)) return { parts: body };
  const encoded = new Response(body);
  return {
    parts: [new Uint8Array(await encoded.arrayBuffer())],
    type: encoded.headers.get('Content-Type') ?? undefined,
  };
}

/**
 * Sends the request over node:http (the address as fetch would parse it, the headers and bytes as given), not fetch:
 * the fuzz sends thousands, and fetch costs ~0.6 ms more CPU per request (its web streams and Request objects). A
 * connection per request: a kept-alive one that the server closed after refusing a large body cannot fail the next.
 */
export async function send(baseUrl: string, request: WireRequest): Promise<WireResponse> {
  const { parts, type } = await wireBody(request.body);
  const keep = (name: string) => type === undefined || name.toLowerCase() !== 'content-type';
  const headers: Record<string, string | number> = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => keep(name) && name.toLowerCase() !== 'content-length'),
  );
  if (type) headers['Content-Type'] = type;
  if (parts) headers['Content-Length'] = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const { status, contentType, text } = await new Promise<{ status: number; contentType: string | null; text: string }>(
    (resolve, reject) => {
      const outgoing = httpRequest(
        `${baseUrl}${request.target}`,
        { method: request.method, headers, agent: false },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              contentType: res.headers['content-type'] ?? null,
              text: Buffer.concat(parts).toString('utf8'),
            }),
          );
        },
      );
      outgoing.on('error', reject);
      for (const part of parts ?? []) outgoing.write(part);
      outgoing.end();
    },
  );
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a file, an SSE stream): kept as text
  }
  checkDocumented(request.method, request.target, status, contentType, body);
  return { status, body, text };
}
