import type { ReactElement } from 'react';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import { ChatApiProvider } from '@/components/chat/chat-api-context';
import type { AiSettings, UserModel } from '@/lib/api/ai-contract';
import type { User } from '@/lib/api/contract';
import { createChatApi } from '@/lib/chat/chat-api';
import type { FakeProvider } from '../../fake-provider/server';
import { FakeBackground } from '../fake-background';
import { startLiveServer } from '../live-server-process';
import { renderWithBackground } from '../render';

let users = 0;

/** A file's house models answered by `fake`: its live server is a worker slot's (house-live-servers.ts). */
export const houseAnsweredBy = (fake: FakeProvider) => ({ houseProvider: fake as FakeProvider | undefined });

/**
 * A file's server works no queued bulk job or import, so a job stays queued for as long as the file looks at it: its
 * worker slot's server too (house-live-servers.ts), claimed with no provider (a house model's request gets a 404).
 */
export const withoutBulkWorker = { houseProvider: undefined };

/** Asks the project's slot manager (house-live-servers.ts) for this worker's server; `target: undefined` lets it go. */
async function houseSlot(path: '/claim' | '/release', target?: string): Promise<string | undefined> {
  const response = await fetch(`${inject('houseLiveServers')}${path}`, {
    method: 'POST',
    body: JSON.stringify({ slot: process.env.VITEST_POOL_ID ?? String(process.pid), target }),
  });
  if (!response.ok) throw new Error(`${path} of a house live server: ${response.status} ${await response.text()}`);
  return path === '/claim' ? ((await response.json()) as { url: string }).url : undefined;
}

/**
 * The real server (its own process, a PGlite database, real HTTP) for components that call it; each test signs up its
 * own user. Without settings the file uses the server the project's files share (shared-live-server.ts); with
 * `houseAnsweredBy(fake)` or `withoutBulkWorker`, its worker's server (whose house models `fake` answers while the file
 * runs; house-live-servers.ts); with other settings, a server of its own, started with them.
 */
export function setupLiveServer(settings?: (() => Record<string, string>) | ReturnType<typeof houseAnsweredBy>) {
  let url: string | undefined = settings ? undefined : inject('sharedLiveServer');
  if (typeof settings === 'function') {
    let live: Awaited<ReturnType<typeof startLiveServer>> | undefined;
    beforeAll(async () => {
      // A copy of a migrated database (tests/component/global-setup.ts): no initdb per test file.
      live = await startLiveServer(inject('pgliteTemplate'), inject('testServerEntry'), settings());
      url = live.server.url;
    }, 90_000);
    afterAll(() => live?.close());
  } else if (settings) {
    // After the fake provider's own beforeAll (registered first), so its address is known.
    beforeAll(async () => {
      url = await houseSlot('/claim', settings.houseProvider?.url);
    }, 90_000);
    afterAll(() => houseSlot('/release'));
  }

  /** A new user: the server's API as that user, and `render` of a component talking to it as that user. */
  async function signedIn(prefix: string) {
    if (!url) throw new Error('the live server is not running');
    const base = url;
    const call = async (path: string, method = 'GET', body?: unknown, token?: string) => {
      const response = await fetch(`${base}/api/${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    };
    users += 1;
    const username = `${prefix.slice(0, 8)}${users}${Math.random().toString(36).slice(2, 5)}`;
    const { jwt, user: account } = (await call('auth/local/register', 'POST', {
      username,
      email: `${username}@example.test`,
      password: 'correct-horse-1',
    })) as { jwt: string; user: User };
    let serverUrl = base;
    const api = createChatApi(async () => ({ serverUrl, token: jwt }));
    return {
      /** The server's own address (not the one the component's calls go to). */
      serverUrl: base,
      /** The user as the server answered the sign-up, and their access token (for a page's own client). */
      account,
      access: async () => ({ serverUrl, token: jwt }),
      /**
       * From now on the component's calls find no server (a closed port), as when the network drops; or
       * go to `elsewhere` (e.g. a server that never answers). `goOnline` comes back.
       */
      goOffline: (elsewhere = 'http://127.0.0.1:9') => {
        serverUrl = elsewhere;
      },
      goOnline: () => {
        serverUrl = base;
      },
      call: (path: string, method = 'GET', body?: unknown) => call(path, method, body, jwt),
      /** The id of a text model the user can ask now (a house model, when the server has them). */
      usableModelId: async (): Promise<number> => {
        const models = (await call('user-models', 'GET', undefined, jwt)).data as UserModel[];
        const usable = models.find((m) => m.type === 'Text' && m.inactiveReason === null);
        if (!usable) throw new Error('no usable text model');
        return usable.id;
      },
      /**
       * A background whose AI settings are this user's on the server: read and saved over HTTP as the real
       * background does (its other calls are the fake's own).
       */
      aiSettingsBackground: () => {
        const background = new FakeBackground();
        const settings = async (method: string, body?: unknown) => {
          try {
            return { ok: true as const, data: (await call('ai-settings', method, body, jwt)).data as AiSettings };
          } catch (error) {
            return { ok: false as const, error: { kind: 'server' as const, status: 400, message: String(error) } };
          }
        };
        vi.mocked(background.client.getAiSettings).mockImplementation(() => settings('GET'));
        vi.mocked(background.client.updateAiSettings).mockImplementation((input) => settings('PUT', input));
        return background;
      },
      /**
       * `background`: what the page's background calls answer (e.g. the user's collections as the server lists them).
       */
      render: (ui: ReactElement, background?: FakeBackground) =>
        renderWithBackground(<ChatApiProvider api={api}>{ui}</ChatApiProvider>, background),
    };
  }
  return { signedIn };
}
