/**
 * Chat files no chat claims (a Temporary Chat never claims its files) are deleted, row and stored
 * file, by the sweep the server runs at start-up and then periodically, once older than
 * UNCLAIMED_CHAT_FILE_HOURS; a file sent in a chat, and a fresh one, stay.
 */
import { readdir } from 'node:fs/promises';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChatFile, chatFileUploadResponseSchema } from '../../lib/api/contract';
import { uploadsDir } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { uploads } from '../../server/db/schema';
import { UNCLAIMED_CHAT_FILE_HOURS } from '../../server/features/chat-files/chat-file-sweep';
import { chatUser, setupFakeProvider, stream } from './chat-helpers';
import { startTestServer, type TestServer } from './harness';

const fake = setupFakeProvider();
let first: TestServer | undefined;
let running: TestServer | undefined;

afterAll(async () => {
  await running?.close();
  // the first server owns the data folder and, on PostgreSQL, the database both used
  await first?.close();
});

async function uploadText(server: TestServer, token: string, modelId: number, name: string): Promise<ChatFile> {
  const form = new FormData();
  form.append('files', new Blob([`Words of ${name}\n`]), name);
  form.append('modelId', String(modelId));
  const res = await fetch(`${server.url}/api/upload-chat-files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  const [file] = chatFileUploadResponseSchema.parse(body).data;
  if (!file) throw new Error('no file');
  return file;
}

/** Runs `work` on the server's database with the server stopped (PGlite has one user at a time). */
async function withDatabase<T>(
  server: TestServer,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  await server.server.stop();
  const database = await openDatabase({ databaseUrl: server.config.databaseUrl, dataDir: server.config.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const storedFiles = async (server: TestServer) => (await readdir(uploadsDir(server.config))).sort();

describe('the sweep of unclaimed chat files', () => {
  // Its own server and database: past the file's 30 s in a whole run on a loaded machine.
  it('deletes a Temporary Chat’s file once older than the bound, row and stored file; a claimed or fresh one stays', async () => {
    // A database of its own: on the shared test database, any other test server starting meanwhile sweeps the
    // row aged below (as it should: copies sharing a database share one file store in production), but the
    // stored file is in this server's folder, so this test would see the file stay.
    first = await startTestServer({}, { isolated: true });
    running = first;
    const { token, chatId, modelId } = await chatUser(first, fake);
    const temporary = await uploadText(first, token, modelId, 'temporary.txt');
    const sent = await uploadText(first, token, modelId, 'sent.txt');
    const fresh = await uploadText(first, token, modelId, 'fresh.txt');
    fake.script({ chunks: ['One'] }, { chunks: ['Two'] });
    const inTemporary = await stream(first.url, '/api/chats/temporary/messages', {
      token,
      body: { text: 'Read it', modelId, context: { fileIds: [temporary.id] } },
    });
    const inChat = await stream(first.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Read it', modelId, context: { fileIds: [sent.id] } },
    });
    expect([inTemporary.text, inChat.text]).toEqual(['One', 'Two']);
    const before = await storedFiles(first);
    expect(before).toHaveLength(3);

    const ids = [temporary.id, sent.id, fresh.id];
    // The temporary chat's file and the sent one were uploaded longer ago than the bound.
    const keys = await withDatabase(first, async (db) => {
      const aged = await db
        .update(uploads)
        .set({ createdAt: sql`now() - make_interval(hours => ${UNCLAIMED_CHAT_FILE_HOURS + 1}::int)` })
        .where(inArray(uploads.id, [temporary.id, sent.id]))
        .returning({ id: uploads.id, gemId: uploads.gemId, key: uploads.key });
      expect(Object.fromEntries(aged.map((row) => [row.id, row.gemId]))).toEqual({
        [sent.id]: chatId,
        [temporary.id]: null,
      });
      return new Map(aged.map((row) => [row.id, row.key]));
    });

    // The sweep runs at start-up.
    running = await startTestServer({ dataDir: first.config.dataDir, databaseUrl: first.config.databaseUrl });
    const second = running;
    const temporaryKey = keys.get(temporary.id) ?? '';
    await expect
      .poll(async () => (await storedFiles(second)).some((name) => name.startsWith(temporaryKey)), { timeout: 10_000 })
      .toBe(false);

    expect(await storedFiles(second)).toEqual(before.filter((name) => !name.startsWith(temporaryKey)));
    const left = await withDatabase(second, (db) =>
      db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids)),
    );
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual([sent.id, fresh.id]);
  }, 90_000);
});
