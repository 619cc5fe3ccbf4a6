import { oidcApi } from '../../../lib/api/routes/oidc';
import { contractRoutes } from '../../http/contract-routes';
import type { Deps } from '../../http/env';
import { ApiError } from '../../http/errors';
import { clientAddress, enforceLimit } from '../../http/rate-limit';
import { OPERATOR_PAGE_HEADERS } from '../operator/page-shell';
import { registrationMode } from '../operator/registration';
import { baseUrlOf } from '../uploads/upload-files';
import { resolveAccount } from './accounts';
import {
  authorizationUrl,
  calculatePKCECodeChallenge,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
  redeemCallback,
} from './client';
import { issueHandoff, spendState, startLogin } from './logins';
import { providerRefusedPage, refusedPage, staleLoginPage } from './pages';

export const CALLBACK_PATH = 'auth/oidc/callback';

/**
 * Mounted at the root: the two steps of a sign-in through the provider, in the window the extension opened with
 * `identity.launchWebAuthFlow` (README, "Running Trove for a group"). The provider only ever sees this server's
 * callback address, and its client secret never leaves the server.
 */
export function oidcPageRoutes(deps: Deps) {
  const { db } = deps;
  const { trustedProxies, limits } = deps.requests;
  const provider = () => {
    if (!deps.oidc) throw new ApiError(404, 'Single sign-on is not configured on this server');
    return deps.oidc;
  };
  const redirectUri = (requestUrl: string) => `${baseUrlOf(deps.files.publicUrl, requestUrl)}/${CALLBACK_PATH}`;
  const page = (html: string, status: 200 | 400 | 403) =>
    new Response(html, { status, headers: OPERATOR_PAGE_HEADERS });

  return contractRoutes('')
    .implement(oidcApi.start, async (c, { query }) => {
      const client = provider();
      await enforceLimit(
        c,
        db,
        limits.refresh,
        `oidc:address:${clientAddress(c, trustedProxies)}`,
        'Too many sign-ins',
      );
      const state = randomState();
      const nonce = randomNonce();
      const codeVerifier = randomPKCECodeVerifier();
      const url = await authorizationUrl(client, {
        redirect_uri: redirectUri(c.req.url),
        state,
        nonce,
        code_challenge: await calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      await startLogin(db, { state, nonce, codeVerifier, challenge: query.challenge, returnTo: query.return_to });
      return c.redirect(url.href, 302);
    })
    .implement(oidcApi.callback, async (c, { query }) => {
      const client = provider();
      const login = query.state ? await spendState(db, query.state) : undefined;
      if (!query.state || !login) return page(staleLoginPage(), 400);
      const name = client.settings.name;
      if (query.error || !query.code)
        return page(providerRefusedPage(name, query.error_description ?? query.error ?? 'no code'), 400);
      // openid-client reads the code and state from the address the provider sent back to
      const callbackUrl = new URL(redirectUri(c.req.url));
      callbackUrl.search = new URL(c.req.url).search;
      const claims = await redeemCallback(client, callbackUrl, {
        state: query.state,
        nonce: login.nonce,
        codeVerifier: login.codeVerifier,
      }).catch((error: unknown) => error as Error);
      if (claims instanceof Error) {
        console.warn('[trove] single sign-on: the provider’s answer was refused:', claims.message);
        return page(providerRefusedPage(name, claims.message), 400);
      }
      const mode = await registrationMode(db, deps.registration ?? 'open');
      const found = await resolveAccount(db, client.settings.issuer, claims, mode);
      if (!found.ok) return page(refusedPage(name, found.reason), 403);
      if (found.user.disabledAt) return page(refusedPage(name, 'disabled'), 403);
      const code = await issueHandoff(db, login.id, found.user.id);
      const back = new URL(login.returnTo);
      back.searchParams.set('code', code);
      return c.redirect(back.href, 302);
    }).app;
}
