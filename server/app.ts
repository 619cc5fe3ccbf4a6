import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { logger } from 'hono/logger';
import { MAX_IMPORT_BYTES } from '../lib/api/import-contract';
import { isForeignKeyViolation, isNumericOutOfRange, requestDataException } from './db/errors';
import { accessEventRoutes } from './features/access-events/routes';
import { emailChangePageRoutes } from './features/account/email-change-routes';
import { accountRoutes } from './features/account/routes';
import { aiEndpointRoutes } from './features/ai-settings/endpoint-routes';
import { aiRoutes } from './features/ai-settings/routes';
import { authRoutes } from './features/auth/routes';
import { bulkRoutes } from './features/bulk/routes';
import { chatFileRoutes } from './features/chat-files/routes';
import { chatShareRoutes, sharedChatRoutes } from './features/chat-shares/routes';
import { chatHistoryRoutes } from './features/chats/history-routes';
import { chatRoutes } from './features/chats/routes';
import { collectionRoutes } from './features/collections/routes';
import { domainTable, hostSites } from './features/custom-sites/host-sites';
import { customSitePageRoutes, customSiteRoutes } from './features/custom-sites/routes';
import { documentRoutes } from './features/documents/routes';
import { duplicatesRoutes } from './features/duplicates/routes';
import { embeddingRoutes } from './features/embeddings/routes';
import { exportRoutes } from './features/exports/routes';
import { feedbackRoutes } from './features/feedback/routes';
import { followPageRoutes } from './features/following/follow-page-routes';
import { followingRoutes } from './features/following/routes';
import { imageGemRoutes } from './features/gems/image-gem-routes';
import { gemRoutes } from './features/gems/routes';
import { trashRoutes } from './features/gems/trash-routes';
import { healthRoutes } from './features/health/routes';
import { importRoutes } from './features/imports/routes';
import { voiceRoutes } from './features/instructions/routes';
import { linkRoutes } from './features/links/routes';
import { mediaLookupRoutes } from './features/media-lookup/routes';
import { memoryRoutes } from './features/memories/routes';
import { moderationRoutes } from './features/moderation/routes';
import { ocrRoutes } from './features/ocr/routes';
import { oidcPageRoutes } from './features/oidc/routes';
import { adminRoutes } from './features/operator/admin-routes';
import { operatorAuthRoutes, operatorPageRoutes } from './features/operator/routes';
import { promptRoutes } from './features/prompts/routes';
import { publicCollectionRoutes, publicPageRoutes } from './features/public-pages/routes';
import { publicPromptPageRoutes } from './features/public-prompts/page-routes';
import { anonymousUseRoutes } from './features/public-prompts/routes';
import { searchRoutes } from './features/search/routes';
import { shareLinkPageRoutes } from './features/share-links/page-routes';
import { shareLinkRoutes } from './features/share-links/routes';
import { sharingRoutes } from './features/sharing/routes';
import { studyRoutes } from './features/study/routes';
import { suggestionRoutes } from './features/suggestions/routes';
import { tagRoutes } from './features/tags/routes';
import { teamRoutes } from './features/teams/routes';
import { fileRoutes, uploadRoutes } from './features/uploads/routes';
import { userRoutes } from './features/users/routes';
import type { AppEnv, Deps } from './http/env';
import { ApiError, sendError } from './http/errors';
import { limitUploads } from './http/rate-limit';
import { referenceRoutes } from './http/reference';
import { requireUser } from './http/require-user';

const MAX_JSON_BODY = 5 * 1024 * 1024;
/** JSON routes that take more than MAX_JSON_BODY: a bookmarks file sent whole. */
const LARGER_JSON_BODIES = new Map([['/api/collection-import', MAX_IMPORT_BYTES]]);
/** POST paths that take multipart files and check their own body limit. */
const UPLOAD_PATHS = new Set([
  '/api/upload',
  '/api/upload-all-file',
  '/api/upload-chat-files',
  '/api/gems/upload-screenshot',
]);

/** A 413 for a body over `maxSize` bytes. */
function jsonBodyLimit(maxSize: number): MiddlewareHandler {
  const tooLarge = (c: Context) => sendError(c, 413, `Request body is larger than ${maxSize} bytes`);
  const streamedLimit = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    // A declared length is checked from the header alone: hono's bodyLimit reads `c.req.raw.body`, which
    // makes @hono/node-server build a whole web Request (and skip its direct body read), ~5% of a request's CPU.
    const length = c.req.header('Content-Length');
    if (length !== undefined && c.req.header('Transfer-Encoding') === undefined)
      return Number(length) > maxSize ? tooLarge(c) : next();
    return streamedLimit(c, next);
  };
}

/**
 * Calls come from the extension's background with a bearer token (no cookies), so any browser
 * extension origin may call; web pages may not.
 */
const EXTENSION_ORIGIN = /^(chrome-extension|moz-extension|safari-web-extension):\/\/[a-z0-9-]+$/i;

export function createApp(deps: Deps, options: { logRequests?: boolean; log?: (line: string) => void } = {}) {
  const app = new Hono();
  if (options.logRequests) app.use(logger(options.log));
  app.use(
    '/api/*',
    cors({
      origin: (origin) => (EXTENSION_ORIGIN.test(origin) ? origin : null),
      maxAge: 600,
      exposeHeaders: ['Retry-After', 'Content-Disposition'],
    }),
  );
  // Uploads have their own, larger limits, applied after authentication (features/uploads/routes.ts,
  // features/gems/image-gem-routes.ts, features/chat-files/routes.ts).
  const defaultLimit = jsonBodyLimit(MAX_JSON_BODY);
  const largerLimits = new Map([...LARGER_JSON_BODIES].map(([path, maxSize]) => [path, jsonBodyLimit(maxSize)]));
  app.use('/api/*', async (c, next) => {
    const { method } = c.req;
    if (method === 'GET' || method === 'HEAD' || (method === 'POST' && UPLOAD_PATHS.has(c.req.path))) return next();
    return (largerLimits.get(c.req.path) ?? defaultLimit)(c, next);
  });

  // A verified custom domain's requests get its collection's site (features/custom-sites/host-sites.ts).
  const siteDomains = domainTable(deps.db);
  app.use(hostSites(deps.db, siteDomains));

  app.route('/api/health', healthRoutes());
  app.route('/api', referenceRoutes());
  app.route('/api/auth', authRoutes(deps));
  app.route('/api/auth', operatorAuthRoutes(deps));
  app.route('/api/admin', adminRoutes(deps));
  app.route('/', operatorPageRoutes(deps));
  app.route('/', emailChangePageRoutes(deps));
  app.route('/', oidcPageRoutes(deps));
  app.route('/uploads', fileRoutes(deps));
  app.route('/shared', sharedChatRoutes(deps));
  app.route('/', shareLinkPageRoutes(deps));
  app.route('/', followPageRoutes(deps));
  app.route('/', publicPromptPageRoutes(deps));
  app.route('/', customSitePageRoutes(deps));

  const api = new Hono<AppEnv>();
  api.use(requireUser(deps));
  const uploadLimit = limitUploads(deps.db, deps.requests.limits.upload);
  api.use('/upload', uploadLimit); // POST only (the other upload route is DELETE /upload/{id})
  api.use('/upload-all-file', uploadLimit);
  api.use('/upload-chat-files', uploadLimit);
  api.use('/gems/upload-screenshot', uploadLimit);
  api.route('/users', userRoutes(deps));
  api.route('/', accountRoutes(deps));
  api.route('/', tagRoutes(deps));
  api.route('/', collectionRoutes(deps));
  api.route('/', gemRoutes(deps));
  api.route('/', searchRoutes(deps));
  api.route('/', sharingRoutes(deps));
  api.route('/', accessEventRoutes(deps));
  api.route('/', teamRoutes(deps));
  api.route('/', shareLinkRoutes(deps));
  api.route('/', trashRoutes(deps));
  api.route('/bulk-jobs', bulkRoutes(deps));
  api.route('/', importRoutes(deps));
  api.route('/', duplicatesRoutes(deps));
  api.route('/', linkRoutes(deps));
  api.route('/', exportRoutes(deps));
  api.route('/feedbacks', feedbackRoutes(deps));
  api.route('/', uploadRoutes(deps));
  api.route('/', imageGemRoutes(deps));
  api.route('/', chatFileRoutes(deps));
  api.route('/', aiRoutes(deps));
  api.route('/', aiEndpointRoutes(deps));
  api.route('/', chatHistoryRoutes(deps));
  api.route('/', chatRoutes(deps));
  api.route('/', chatShareRoutes(deps));
  api.route('/', promptRoutes(deps));
  api.route('/', voiceRoutes(deps));
  api.route('/', memoryRoutes(deps));
  api.route('/', publicCollectionRoutes(deps));
  api.route('/', followingRoutes(deps));
  api.route('/', moderationRoutes(deps));
  api.route('/', anonymousUseRoutes(deps));
  api.route('/', customSiteRoutes(deps, siteDomains));
  // AI on a gem (summary, flash cards, quiz) and text from images
  api.route('/', studyRoutes(deps));
  api.use('/ocre', uploadLimit);
  api.route('/', ocrRoutes(deps));
  api.use('/extract-document', uploadLimit);
  api.use('/enhanced-text', uploadLimit);
  api.route('/', documentRoutes(deps));
  api.route('/', embeddingRoutes(deps));
  api.route('/', suggestionRoutes(deps));
  api.route('/', mediaLookupRoutes(deps));
  app.route('/api', api);
  // Last: /{username}/{slug} must never shadow a path above (reserved usernames: lib/api/validators.ts).
  app.route('/', publicPageRoutes(deps));

  app.notFound((c) => sendError(c, 404, `No route for ${c.req.method} ${c.req.path}`));
  app.onError((error, c) => {
    if (error instanceof ApiError) return sendError(c, error.status, error.message, error.details);
    if (isNumericOutOfRange(error)) return sendError(c, 400, 'A number in the request is out of range');
    if (isForeignKeyViolation(error)) return sendError(c, 409, 'Something this request refers to no longer exists');
    const refused = requestDataException(error);
    if (refused) {
      // a 400, but logged: the contract in lib/api should have named the field, so it has a gap to close
      console.warn(`[trove] ${c.req.method} ${c.req.path}: the database refused a value (${refused.code}):`, error);
      return sendError(c, 400, `A value in the request cannot be stored: ${refused.message}`);
    }
    console.error(`[trove] ${c.req.method} ${c.req.path} failed:`, error);
    return sendError(c, 500, 'Internal server error');
  });
  return app;
}
