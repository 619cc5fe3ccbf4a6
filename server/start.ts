import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Generations } from './ai/generations';
import { newLeaseSettings } from './ai/leases';
import { startRecovery } from './ai/recovery';
import { createApp } from './app';
import { rateLimitSettings } from './auth/limits';
import { answerLeaseSeconds, checkAdminToken, houseConfig, normalizePublicUrl, type ServerConfig, uploadsDir } from './config';
import { openDatabase } from './db/client';
import { syncCatalogue } from './services/ai-models';
import { openFileStore } from './storage/open-store';

export interface RunningServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Opens the database (migrating it), then serves the API. `stop` finishes in-flight requests and closes the database. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const adminToken = checkAdminToken(config.adminToken || undefined);
  const house = houseConfig(config);
  const leaseSeconds = answerLeaseSeconds(config);
  const ai = { secret: config.secret, house: house.configured, startingCredits: house.credits };
  const files = { store: await openFileStore({ uploadsDir: uploadsDir(config), s3: config.s3 }), publicUrl: normalizePublicUrl(config.publicUrl) };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(async (error) => {
    await files.store.close();
    throw error;
  });
  try {
    await syncCatalogue(database.db);
  } catch (error) {
    await database.close();
    await files.store.close();
    throw error;
  }
  const generations = new Generations(newLeaseSettings(leaseSeconds));
  const requests = { limits: rateLimitSettings(config.rateLimits), trustedProxies: config.trustedProxies ?? 0 };
  const app = createApp({ db: database.db, tokens: config, files, adminToken, ai, generations, requests }, { logRequests: config.logRequests });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const recovery = startRecovery(database.db, leaseSeconds);
  let stopping: Promise<void> | undefined;
  return {
    url: `http://${config.host}:${port}`,
    port,
    stop: () => {
      // Answers in flight are ended and stored (their streams close with them) before the database closes.
      stopping ??= Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), generations.shutdown(), recovery.stop()])
        .then(() => database.close())
        .then(() => files.store.close());
      return stopping;
    },
  };
}
