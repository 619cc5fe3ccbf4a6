import { setTimeout as sleep } from 'node:timers/promises';
import { expect, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CallError } from '../../lib/api/call-error';
import type { UiError } from '../../lib/messaging/protocol';
import { PASSWORD, uniqueUsername } from '../server/harness';

/**
 * Helpers for testing the extension's background against the real server (tests/server/harness.ts).
 * Only the browser's storage is fake (`fakeBrowser`, reset before each test); the HTTP calls are real.
 */

/** A sign-up form's input with a unique username. */
export function newAccount(prefix = 'bg') {
  const username = uniqueUsername(prefix);
  return { username, email: `${username.toLowerCase()}@example.test`, password: PASSWORD };
}

/** What the background keeps, read straight from the (fake) browser storage areas. */
export async function stored() {
  const local = await fakeBrowser.storage.local.get(['serverUrl', 'refreshToken', 'user']);
  const session = await fakeBrowser.storage.session.get(['accessToken']);
  return {
    serverUrl: local.serverUrl as string | undefined,
    refreshToken: local.refreshToken as string | null | undefined,
    user: local.user as { id: number; username: string } | null | undefined,
    accessToken: session.accessToken as string | null | undefined,
  };
}

/**
 * Records the requests sent from now on ("POST /api/auth/refresh") by watching the platform's fetch;
 * the calls go through to the network unchanged. `stop()` before the test's own direct calls.
 */
export function recordRequests() {
  const spy = vi.spyOn(globalThis, 'fetch');
  const requests = () =>
    spy.mock.calls.map(([input, init]) => {
      const request = input instanceof Request ? input : undefined;
      return `${(request?.method ?? init?.method ?? 'GET').toUpperCase()} ${new URL(request?.url ?? String(input)).pathname}`;
    });
  return {
    requests,
    count: (request: string) => requests().filter((r) => r === request).length,
    stop: () => spy.mockRestore(),
  };
}

/** Waits until an access token (a JWT with whole-second `exp`) has expired on the server's clock. */
export async function waitUntilExpired(jwt: string) {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number };
  const wait = payload.exp * 1000 - Date.now() + 50;
  expect(wait, 'the token should expire within a few seconds').toBeLessThan(5_000);
  if (wait > 0) await sleep(wait);
}

/** Awaits a call that must fail with a CallError and returns what the UI would show. */
export async function failure(call: Promise<unknown>): Promise<UiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the call should have failed').toBeInstanceOf(CallError);
  return (error as CallError).ui;
}
