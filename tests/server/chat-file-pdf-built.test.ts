/**
 * The built server (scripts/build-server.ts) reads PDFs as the sources do: its bundle starts the
 * reader from pdf-worker.js beside it, within the bounds its environment sets. The server is the one this run built
 * (tests/server-build-setup.ts), not a build of the file's own: the same build, less its V8 flags (build-server.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../fixtures/documents';
import { builtServerEntry, testServerArgs } from '../server-entry';
import { type ServerProcess, startServerProcess } from '../server-process';
import { chatUser, setupFakeProvider } from './chat-helpers';
import {
  backend,
  createClient,
  createPostgresDatabase,
  expectError,
  freshDataDir,
  makeDataDir,
  type OwnDatabase,
  removeDataDir,
  SECRET,
} from './harness';
import { repeatedFormPdf, uploadPdf, uploadWhileAsking } from './pdf-helpers';

const fake = setupFakeProvider();
let dataDir: string;
let database: OwnDatabase | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  if (!builtServerEntry())
    throw new Error('no server built for this run: the project needs tests/server-build-setup.ts');
  dataDir = backend === 'pglite' ? await freshDataDir() : makeDataDir();
  if (backend === 'postgres') database = await createPostgresDatabase();
  server = await startServerProcess({
    args: testServerArgs(),
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      TROVE_SECRET: SECRET,
      TROVE_PER_ADDRESS_LIMITS: '0',
      TROVE_PDF_READ_MS: '2000',
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  await database?.drop();
  if (dataDir) removeDataDir(dataDir);
});

describe(`PDF chat files on the built server (${backend})`, () => {
  it('reads a normal PDF, and stops a form drawn thousands of times at TROVE_PDF_READ_MS while answering', async () => {
    const url = server?.url ?? '';
    const { token, modelId } = await chatUser(createClient(url), fake);
    const fine = await uploadPdf(url, token, modelId, makePdf('Built and read'), 'fine.pdf');
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    expect(fine.body.data[0]).toMatchObject({ format: 'pdf', chars: 14 });

    const refused = await uploadWhileAsking(url, token, modelId, repeatedFormPdf(5000), 'forms.pdf');
    expect(expectError(refused, 400).message).toBe('files[0] (forms.pdf): The PDF took too long to read');
    expect(refused.health).toBeGreaterThanOrEqual(10);
  });
});
