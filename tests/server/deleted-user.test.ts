/**
 * A signed-in user's account is deleted while their access token is still valid: every route that
 * needs a user answers 401 (not a 500 from a foreign key, nor a 200 with nothing), and other users
 * are unaffected.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { OWNER_TTL_MS } from '../../server/http/recent-owners';
import { type Fixtures, ROUTES, send, validRequest } from './api-routes';
import { backend, expectError, gemBody, setupInProcessApp, startTestServer } from './harness';

const app = setupInProcessApp();

describe('a deleted user’s still-valid access token', () => {
  it('is refused with 401 on every signed-in route, GET and POST alike', async () => {
    const server = app.client;
    const gone = await server.signUp('gone');
    const other = await server.signUp('stays');
    const token = gone.jwt;
    const collection = await server.api('/api/collections', { token, body: { data: { name: 'Mine' } } });
    expect(collection.status).toBe(201);
    const tag = await server.api('/api/tags', { token, body: { data: { tag: 'mine' } } });
    const gem = await server.api('/api/gems', { token, body: gemBody({ collectionId: collection.body.data.id }) });
    const chat = await server.api('/api/chats', { token, body: { title: 'Mine' } });
    expect([tag.status, gem.status, chat.status]).toEqual([201, 201, 201]);

    // The row deleted behind the app's back, as another server copy or the operator's SQL would; the app takes a
    // sign-in it saw live as still so for OWNER_TTL_MS (recent-owners.ts), so the requests come after that.
    const deleted = await app.database.db.delete(users).where(eq(users.id, gone.user.id)).returning({ id: users.id });
    expect(deleted).toEqual([{ id: gone.user.id }]);
    await sleep(OWNER_TTL_MS + 100);
    const fixtures: Fixtures = {
      token,
      refreshToken: gone.refreshToken,
      adminToken: '',
      gemId: gem.body.data.id,
      collectionId: collection.body.data.id,
      tagId: tag.body.data.id,
      chatId: chat.body.data.id,
      messageId: 1,
      modelId: 1,
      imageModelId: 1,
      pictureMessageId: 1,
      uploadId: 1,
      uploadFile: 'none.png',
      providerUrl: 'http://127.0.0.1:9',
      shareToken: 'A'.repeat(32),
      pictureFile: 'none.png',
      endpointId: 1,
      promptId: 1,
      voiceId: 1,
      personaId: 1,
      memoryId: 1,
      savedSearchId: 1,
      bulkJobId: 1,
      importId: 1,
    };
    const userRoutes = ROUTES.filter((route) => route.auth === 'user');
    expect(userRoutes.length).toBeGreaterThan(40);
    const methods = new Set<string>();
    for (const route of userRoutes) {
      const res = await send(server.url, validRequest(route, fixtures));
      const label = `${route.method} ${route.pattern}`;
      expect(res.status, `${label}: ${res.text}`).toBe(401);
      expect(expectError({ status: res.status, body: res.body, headers: new Headers() }, 401).message, label).toBe(
        'User no longer exists',
      );
      methods.add(route.method);
    }
    expect([...methods].sort()).toEqual(['DELETE', 'GET', 'PATCH', 'POST', 'PUT']);

    // The refresh token of the deleted user gets no new session either; the other user carries on.
    expectError(await server.api('/api/auth/refresh', { body: { refreshToken: gone.refreshToken } }), 401);
    const stays = await server.api('/api/users/me', { token: other.jwt });
    expect(stays.status).toBe(200);
    expect(stays.body.id).toBe(other.user.id);
  }, 120_000);

  // Deleted by another process while this one runs (PostgreSQL: PGlite's folder is this process's alone).
  it.runIf(backend === 'postgres')(
    'is refused once OWNER_TTL_MS has passed since the row was last looked up, however busy the user is',
    async () => {
      const server = await startTestServer();
      try {
        const gone = await server.signUp('gonelive');
        expect((await server.api('/api/users/me', { token: gone.jwt })).status).toBe(200);
        const database = await openDatabase({ databaseUrl: server.config.databaseUrl, dataDir: server.config.dataDir });
        try {
          await database.db.delete(users).where(eq(users.id, gone.user.id));
        } finally {
          await database.close();
        }
        // A busy client: its requests must not keep the remembered row alive.
        const deadline = Date.now() + OWNER_TTL_MS + 200;
        while (Date.now() < deadline) {
          await server.api('/api/users/me', { token: gone.jwt });
          await sleep(100);
        }
        const res = await server.api('/api/gems', { token: gone.jwt, body: gemBody() });
        expect(expectError(res, 401).message).toBe('User no longer exists');
      } finally {
        await server.close();
      }
    },
  );
});
