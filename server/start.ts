import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { loadCatalogue } from './ai/operator-catalogue';
import { createApp } from './app';
import { rateLimitSettings } from './auth/limits';
import {
  answerLeaseSeconds,
  checkAdminToken,
  databasePoolSize,
  embeddingWork,
  houseConfig,
  normalizePublicUrl,
  ocrLimits,
  pdfReadLimits,
  registrationFromEnv,
  type ServerConfig,
  uploadsDir,
} from './config';
import { openDatabase } from './db/client';
import { startLibraryChangesTrim } from './features/access-events/library-changes';
import { syncCatalogue } from './features/ai-settings/ai-models';
import { Generations } from './features/answers/generations';
import { newLeaseSettings } from './features/answers/leases';
import { startRecovery } from './features/answers/recovery';
import { startBulkWorker } from './features/bulk/worker';
import { startChatFileSweep } from './features/chat-files/chat-file-sweep';
import { recanonicalizeGems } from './features/duplicates/recanonicalize';
import { startEmbeddingWorker } from './features/embeddings/worker';
import { systemClock } from './features/gems/trash';
import { startTrashSweep } from './features/gems/trash-sweep';
import { startImportWorker } from './features/imports/worker';
import { startLinkWorker } from './features/links/link-worker';
import { startOcrWorker } from './features/ocr/ocr-jobs';
import { createOidcClient } from './features/oidc/client';
import { checkOidc } from './features/oidc/settings';
import { seedStarterPrompts } from './features/prompts/starter-prompts';
import { parseAddressPolicy } from './http/address-policy';
import { answerUnparsedRequests } from './http/client-errors';
import { drainable } from './http/drain';
import { makeOutbound } from './http/outbound';
import { createMailer } from './mail/mail';
import { openFileStore } from './storage/open-store';

/** How long a stop waits for requests and streams in flight before it closes their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningServer {
  url: string;
  port: number;
  /** Whether a write is acknowledged only once it is on disk (see db/client.ts). */
  durable: boolean;
  /** The routes the app serves (method and Hono path), as the fuzz test's route list compares them. */
  routes: readonly { method: string; path: string }[];
  stop(): Promise<void>;
}

/**
 * Opens the database (migrating it), then serves the API. `stop` stops accepting connections, lets
 * requests in flight finish (each connection then closes, see http/drain.ts) for up to
 * SHUTDOWN_GRACE_MS, then closes what is left, and closes the database.
 */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const adminToken = checkAdminToken(config.adminToken || undefined);
  const house = houseConfig(config);
  const leaseSeconds = answerLeaseSeconds(config);
  const pdfRead = pdfReadLimits(config);
  const ocr = ocrLimits(config);
  const clock = config.clock ?? systemClock;
  const catalogue = loadCatalogue(config.modelsFile);
  const mail = await createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const registration = registrationFromEnv(config.registration);
  const outbound = makeOutbound(parseAddressPolicy(config.userEndpoints), house.configured?.baseUrl);
  const ai = {
    secret: config.secret,
    house: house.configured,
    startingCredits: house.credits,
    leaseSeconds,
    outbound,
    houseEmbeddingModel: config.houseEmbeddingModel,
  };
  const embeddings = embeddingWork(config);
  const files = {
    store: await openFileStore({ uploadsDir: uploadsDir(config), s3: config.s3 }),
    publicUrl: normalizePublicUrl(config.publicUrl),
  };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: databasePoolSize(config),
    dataDir: config.dataDir,
    durableWrites: config.durableWrites,
  }).catch(async (error) => {
    await files.store.close();
    throw error;
  });
  try {
    await syncCatalogue(database.db, catalogue);
    await seedStarterPrompts(database.db);
    const rekeyed = await recanonicalizeGems(database.db);
    if (rekeyed) console.log(`[trove] ${rekeyed} gem(s) given the canonical address of the current rule`);
  } catch (error) {
    await database.close();
    await files.store.close();
    throw error;
  }
  const generations = new Generations(newLeaseSettings(leaseSeconds));
  const requests = { limits: rateLimitSettings(config.rateLimits), trustedProxies: config.trustedProxies ?? 0 };
  const trashSweep = await startTrashSweep(database.db, files.store, clock);
  const stopping = new AbortController();
  const app = createApp(
    {
      db: database.db,
      tokens: config,
      files,
      adminToken,
      ai,
      generations,
      requests,
      pdfRead,
      ocr,
      clock,
      mail,
      registration,
      oidc: config.oidc ? createOidcClient(checkOidc(config.oidc)) : undefined,
      siteVerification: config.siteVerification,
      stopping: stopping.signal,
      mediaLookup: config.mediaLookup,
    },
    { logRequests: config.logRequests },
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  answerUnparsedRequests(server as Server);
  const recovery = startRecovery(database.db, leaseSeconds);
  const fileSweep = startChatFileSweep(database.db, files.store);
  const changesTrim = startLibraryChangesTrim(database.db);
  const jobWorkers = config.bulkWorker === false ? [] : [startBulkWorker(database.db), startImportWorker(database.db)];
  const linkWorker = config.linkCheck ? startLinkWorker(database.db, config.linkCheck) : null;
  if (linkWorker) jobWorkers.push(linkWorker);
  if (config.ocr?.worker) jobWorkers.push(startOcrWorker(database.db, files.store, ocr));
  if (embeddings) jobWorkers.push(startEmbeddingWorker(database.db, ai, embeddings));
  const drain = drainable(server as Server);
  let stopped: Promise<void> | undefined;
  return {
    url: `http://${config.host}:${port}`,
    port,
    durable: database.durable,
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    stop: () => {
      // Answers in flight are ended and stored as 'error' (their streams close with them) before the database closes.
      stopping.abort();
      stopped ??= Promise.all([
        drain.close(SHUTDOWN_GRACE_MS),
        generations.shutdown(),
        recovery.stop(),
        fileSweep.stop(),
        trashSweep.stop(),
        changesTrim.stop(),
        ...jobWorkers.map((worker) => worker.stop()),
      ])
        .then(() => mail.close())
        .then(() => database.close())
        .then(() => files.store.close());
      return stopped;
    },
  };
}
