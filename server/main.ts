import './v8-flags';
import { configFromEnv, databasePoolSize, uploadsDir } from './config';
import { createDatabase, createDatabaseInChild, initOnly, newPgliteFolder } from './first-start';
import { startServer } from './start';
import { stopOnSignals } from './stop-on-signals';

const config = configFromEnv();
if (initOnly()) {
  await createDatabase(config);
  process.exit(0);
}
if (newPgliteFolder(config)) await createDatabaseInChild(); // see first-start.ts
const server = await startServer(config);
console.log(`Trove server listening on ${server.url}`);
console.log(
  `Database: ${config.databaseUrl ? `PostgreSQL (DATABASE_URL, ${databasePoolSize(config)} connections)` : `PGlite in ${config.dataDir}`}`,
);
console.log(
  `Uploads: ${config.s3 ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : uploadsDir(config)}`,
);
console.log(
  server.durable
    ? 'Writes: durable (each commit is on disk before it is acknowledged)'
    : 'Writes: NOT durable (TROVE_DURABLE_WRITES=0, or PostgreSQL runs with fsync or synchronous_commit off): a power cut may lose the last acknowledged writes',
);
stopOnSignals(server);
