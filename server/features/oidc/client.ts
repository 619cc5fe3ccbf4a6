import * as oidc from 'openid-client';
import type { OidcSettings } from './settings';

/**
 * The provider as openid-client sees it: discovered on first use (and again after a failure), then kept. A plain
 * http issuer (allowed only on this machine, settings.ts) is let through openid-client's https-only check.
 */
export interface OidcClient {
  readonly settings: OidcSettings;
  configuration(): Promise<oidc.Configuration>;
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  let discovered: Promise<oidc.Configuration> | undefined;
  const insecure = new URL(settings.issuer).protocol === 'http:';
  return {
    settings,
    configuration() {
      discovered ??= oidc
        .discovery(
          new URL(settings.issuer),
          settings.clientId,
          settings.clientSecret,
          undefined,
          insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error) => {
          discovered = undefined;
          throw error;
        });
      return discovered;
    },
  };
}

export interface SignInClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  preferredUsername: string | null;
  name: string | null;
}

/**
 * Exchanges the provider's code (the callback's address) for tokens with the checks openid-client makes: the state,
 * the PKCE verifier, the ID token's signature, issuer, audience, expiry and nonce. The email and whether it is
 * verified come from the ID token, or from the userinfo endpoint when the token leaves them out.
 */
export async function redeemCallback(
  client: OidcClient,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<SignInClaims> {
  const config = await client.configuration();
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider sent no ID token');
  let source: Record<string, unknown> = claims;
  if (typeof claims.email !== 'string') source = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return {
    subject: claims.sub,
    email: text(source.email),
    emailVerified: source.email_verified === true,
    preferredUsername: text(source.preferred_username ?? claims.preferred_username),
    name: text(source.name ?? claims.name),
  };
}

export const authorizationUrl = async (client: OidcClient, parameters: Record<string, string>) =>
  oidc.buildAuthorizationUrl(await client.configuration(), { scope: 'openid email profile', ...parameters });

export const { randomState, randomNonce, randomPKCECodeVerifier, calculatePKCECodeChallenge } = oidc;
