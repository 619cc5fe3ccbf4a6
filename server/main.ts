import { configFromEnv, uploadsDir } from './config';
import { startServer } from './start';

const config = configFromEnv();
const server = await startServer(config);
console.log(`Trove server listening on ${server.url}`);
console.log(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`);
console.log(`Uploads: ${config.s3 ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}` : uploadsDir(config)}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    console.log(`Received ${signal}, shutting down…`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await server.stop();
    process.exit(0);
  });
}
