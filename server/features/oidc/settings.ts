/**
 * The single sign-on provider (README, "Running Trove for a group"): TROVE_OIDC_ISSUER, TROVE_OIDC_CLIENT_ID,
 * TROVE_OIDC_CLIENT_SECRET and TROVE_OIDC_NAME. All three of issuer, id and secret, or none.
 */
export interface OidcSettings {
  /** The issuer's URL, as its discovery document (`/.well-known/openid-configuration`) names it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in button says: "Sign in with <name>". */
  name: string;
}

const DEFAULT_NAME = 'single sign-on';

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/** Checks the variables at start; throws naming the one that is wrong. */
export function oidcFromEnv(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  const issuer = env.TROVE_OIDC_ISSUER?.trim();
  const clientId = env.TROVE_OIDC_CLIENT_ID?.trim();
  const clientSecret = env.TROVE_OIDC_CLIENT_SECRET ?? '';
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer) throw new Error('TROVE_OIDC_ISSUER is required when TROVE_OIDC_CLIENT_ID or _SECRET is set');
  if (!clientId) throw new Error('TROVE_OIDC_CLIENT_ID is required when TROVE_OIDC_ISSUER is set');
  if (!clientSecret) throw new Error('TROVE_OIDC_CLIENT_SECRET is required when TROVE_OIDC_ISSUER is set');
  return checkOidc({ issuer, clientId, clientSecret, name: env.TROVE_OIDC_NAME?.trim() || DEFAULT_NAME });
}

export function checkOidc(settings: OidcSettings): OidcSettings {
  let url: URL;
  try {
    url = new URL(settings.issuer);
  } catch {
    throw new Error(`TROVE_OIDC_ISSUER must be a URL such as https://accounts.example.com, got "${settings.issuer}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url)))
    throw new Error(`TROVE_OIDC_ISSUER must be an https URL (http only on this machine), got "${settings.issuer}"`);
  if (settings.name.length > 60) throw new Error('TROVE_OIDC_NAME must be at most 60 characters');
  return settings;
}
