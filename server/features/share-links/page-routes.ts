import type { Context } from 'hono';
import { shareLinkPageApi } from '../../../lib/api/routes/share-links';
import { checkPassword } from '../../auth/passwords';
import { contractRoutes } from '../../http/contract-routes';
import type { Deps } from '../../http/env';
import { sendError } from '../../http/errors';
import { readPlainForm } from '../../http/form';
import { clientAddress } from '../../http/rate-limit';
import { pageRequest } from '../public-pages/page-data';
import { PUBLIC_PAGE_SECURITY } from '../public-pages/page-style';
import { renderNotFound } from '../public-pages/render-page';
import { baseUrlOf } from '../uploads/upload-files';
import {
  countOpen,
  linkGem,
  linkName,
  linkPage,
  liveLink,
  passwordGuessAllowed,
  passwordRemembered,
  rememberPassword,
} from './open';
import { renderGemPage, renderListPage, renderOpenInTrovePage, renderPasswordPage } from './render-link-page';

/** Every link page: the public pages' security headers, never cached or indexed. */
const HEADERS = {
  ...PUBLIC_PAGE_SECURITY,
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
} as const;

type Status = 200 | 303 | 401 | 404 | 429;
const html = (c: Context, body: string, status: Status = 200) => c.body(body, status, HEADERS);
/**
 * Unknown, expired, disabled and replaced tokens: one page, one status, the public pages' own 404 (to an API client,
 * no text/html in Accept, the API's one error envelope).
 */
const noLink = (c: Context) =>
  c.req.header('Accept')?.includes('text/html')
    ? html(c, renderNotFound(), 404)
    : sendError(c, 404, 'No share link at this address');

/** `/s/{token}`: a link's page and its password form (mounted at the root, before the public pages). */
export function shareLinkPageRoutes({ db, files, ai, requests }: Deps) {
  const pathOf = (token: string) => `/s/${token}`;
  const show = async (c: Context, token: string, query: { q?: string; tag?: string; page?: string }) => {
    const link = await liveLink(db, token);
    if (!link) return noLink(c);
    if (link.audience !== 'anyone') return html(c, renderOpenInTrovePage(token));
    if (link.passwordHash && !(await passwordRemembered(c, ai.secret, link)))
      return html(c, renderPasswordPage(pathOf(token), null));
    const base = baseUrlOf(files.publicUrl, c.req.url);
    if (link.kind === 'gem') {
      const gem = await linkGem(db, link);
      if (!gem) return noLink(c);
      await countOpen(db, link);
      return html(c, renderGemPage(gem, link.showNotes, base));
    }
    const request = pageRequest(query);
    const [name, data] = await Promise.all([linkName(db, link), linkPage(db, link, request)]);
    await countOpen(db, link);
    return html(
      c,
      renderListPage({ kind: link.kind, name, path: pathOf(token), request, data, base, showNotes: link.showNotes }),
    );
  };
  return contractRoutes('')
    .implement(shareLinkPageApi.page, (c, { params, query }) => show(c, params.token, query))
    .implement(shareLinkPageApi.password, async (c, { params }) => {
      const form = await readPlainForm(c);
      if (form instanceof Response) return form;
      const link = await liveLink(db, params.token);
      if (!link) return noLink(c);
      if (link.audience !== 'anyone') return html(c, renderOpenInTrovePage(params.token));
      if (!link.passwordHash) return c.redirect(pathOf(params.token), 303);
      const password = typeof form.password === 'string' ? form.password : '';
      const decision = await passwordGuessAllowed(db, link, clientAddress(c, requests.trustedProxies));
      if (!decision.allowed) {
        c.header('Retry-After', String(decision.retryAfterSeconds));
        const wait = `${decision.retryAfterSeconds} second${decision.retryAfterSeconds === 1 ? '' : 's'}`;
        return html(c, renderPasswordPage(pathOf(params.token), `Too many tries. Try again in ${wait}.`), 429);
      }
      if (!(await checkPassword(link.passwordHash, password)))
        return html(c, renderPasswordPage(pathOf(params.token), 'That password is not right.'), 401);
      await rememberPassword(c, ai.secret, link, pathOf(params.token));
      return c.redirect(pathOf(params.token), 303);
    }).app;
}
