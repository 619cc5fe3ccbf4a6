import { chatShareApi, sharedChatApi } from '../../../lib/api/routes/chat-shares';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { sendError } from '../../http/errors';
import { baseUrlOf, parseFileName } from '../uploads/upload-files';
import { openStoredFile } from '../uploads/uploads';
import { getChatShare, shareChat, sharedChat, sharedPicture, toChatShare, unshareChat } from './chat-shares';
import { renderSharedChat, SHARED_PAGE_HEADERS } from './shared-chat-page';

/**
 * Share Options "Invite Other": the owner's read-only link to a chat (mounted at /api behind the
 * user check). The link's URL is built from PUBLIC_URL, or the request's own origin.
 */
export function chatShareRoutes({ db, files }: Deps) {
  const base = (url: string) => baseUrlOf(files.publicUrl, url);
  return contractRoutes<AppEnv>('/api')
    .implement(chatShareApi.create, async (c, { params }) => {
      const { share, created } = await shareChat(db, c.get('userId'), params.id);
      const body = { data: toChatShare(share, base(c.req.url)) };
      return created ? { status: 201, body } : { status: 200, body };
    })
    .implement(chatShareApi.get, async (c, { params }) => {
      const share = await getChatShare(db, c.get('userId'), params.id);
      return { status: 200, body: { data: share ? toChatShare(share, base(c.req.url)) : null } };
    })
    .implement(chatShareApi.delete, async (c, { params }) => {
      await unshareChat(db, c.get('userId'), params.id);
      return { status: 200, body: { data: null } };
    }).app;
}

/**
 * Mounted at /shared, public: a share link is a capability URL. The page is plain HTML without
 * scripts (server/features/chat-shares/shared-chat-page.ts); an unknown, malformed or turned-off token is a 404.
 */
export function sharedChatRoutes({ db, files }: Deps) {
  return contractRoutes('/shared')
    .implement(sharedChatApi.page, async (c, { params }) => {
      const chat = await sharedChat(db, params.token);
      if (!chat) return sendError(c, 404, 'This chat is not shared (or no longer)');
      return c.body(renderSharedChat(chat), 200, SHARED_PAGE_HEADERS);
    })
    .implement(sharedChatApi.picture, async (c, { params }) => {
      const shown = await sharedPicture(db, params.token, params.file);
      const name = shown ? parseFileName(shown) : null;
      const stored = name ? await openStoredFile(db, files.store, name.key, name.ext, c.req.method !== 'HEAD') : null;
      if (!stored) return sendError(c, 404, 'This picture is not shared (or no longer)');
      const headers = {
        'Content-Type': stored.mime,
        'Content-Length': String(stored.size),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
        'Referrer-Policy': 'no-referrer',
        // Like the page: a link turned off stops showing its pictures at once.
        'Cache-Control': 'no-store',
      };
      return stored.body ? c.body(stored.body, 200, headers) : c.body(null, 200, headers);
    }).app;
}
