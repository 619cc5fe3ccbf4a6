import { configFromEnv } from './config';
import { startServer } from './start';
import { stopOnSignals } from './stop-on-signals';

const config = configFromEnv();
const server = await startServer(config);
console.log(`Trove server listening on ${server.url}`);
console.log(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`);
stopOnSignals(server);
