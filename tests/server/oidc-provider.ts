import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider on 127.0.0.1 for the single sign-on tests (npm `oidc-provider`): one client, accounts
 * the test sets (`accounts`), and an interaction that signs in as `signInAs` and grants the scopes at once, as a
 * person who typed their password and agreed would.
 */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
}

export interface TestOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** The subject the next interaction signs in as. */
  signInAs: string;
  /** Registers Trove's callback address once Trove's test server has its port. */
  allowRedirect(uri: string): void;
  close(): Promise<void>;
}

export async function startTestOidc(): Promise<TestOidc> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_, res) => res.writeHead(503).end();
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();
  const redirectUris: string[] = [];
  const state: TestOidc = {
    issuer,
    clientId: 'trove-test',
    clientSecret: 'a-client-secret-of-the-test-provider',
    accounts,
    signInAs: '',
    allowRedirect: (uri) => {
      redirectUris.push(uri);
      provider = makeProvider();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const makeProvider = () => {
    const made = new Provider(issuer, {
      clients: [
        {
          client_id: state.clientId,
          client_secret: state.clientSecret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: ['test-cookie-key-0123456789'] },
      ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      findAccount: (_ctx, sub) => {
        const account = accounts.get(sub);
        return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
      },
    });
    made.on('server_error', (_ctx, error) => console.error('[test oidc]', error));
    return made;
  };
  let provider = makeProvider();

  handler = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, state, req, res).catch((error) => {
        res.writeHead(500).end(String(error));
      });
      return;
    }
    provider.callback()(req, res);
  };
  return state;
}

/** The provider's sign-in and consent, done at once: signed in as `signInAs`, every asked scope granted. */
async function interact(provider: Provider, state: TestOidc, req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: state.signInAs } },
      {
        mergeWithLastSubmission: false,
      },
    );
    return;
  }
  const grant = new provider.Grant({
    accountId: details.session?.accountId ?? state.signInAs,
    clientId: String(details.params.client_id),
  });
  grant.addOIDCScope(String(details.params.scope));
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId: await grant.save() } },
    {
      mergeWithLastSubmission: true,
    },
  );
}
