/**
 * `npm start`: builds the extension for Chrome and Firefox, then runs the server on the embedded
 * database, and says where everything is. It runs compiled (`.output/server/start.js`, built by
 * scripts/build-server.ts), like `npm run server`.
 */
import '../server/v8-flags';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { configFromEnv } from '../server/config';
import { DEFAULT_USER_ENDPOINTS, LAPTOP_USER_ENDPOINTS } from '../server/http/address-policy';
import { startServer } from '../server/start';
import { stopOnSignals } from '../server/stop-on-signals';

const wxt = resolve('node_modules/.bin/wxt');
for (const browser of ['chrome', 'firefox']) {
  console.log(`Building the extension for ${browser}…`);
  const build = spawnSync(wxt, ['build', '-b', browser], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    console.error(`The ${browser} build failed (exit ${build.status}).`);
    process.exit(1);
  }
}

// npm start is the laptop's way in: on loopback (the default) its only user is the machine's owner, whose
// Ollama is on localhost or the home network, so their own endpoints may point there too (README, Configuration).
const onLoopback = !process.env.HOST || ['127.0.0.1', 'localhost', '::1'].includes(process.env.HOST);
const config = configFromEnv(
  onLoopback ? { TROVE_USER_ENDPOINTS: LAPTOP_USER_ENDPOINTS, ...process.env } : process.env,
);
const server = await startServer(config);
const chrome = resolve('.output/chrome-mv3');
const firefox = resolve('.output/firefox-mv2');
console.log(`
Trove is running.
  Server:     ${server.url}   (health: ${server.url}/api/health)
  Data:       ${config.databaseUrl ? 'PostgreSQL via DATABASE_URL' : config.dataDir}
  Endpoints:  users' own model servers may be at ${config.userEndpoints ?? DEFAULT_USER_ENDPOINTS} addresses (TROVE_USER_ENDPOINTS)
  Extension:  ${chrome}  (Chrome/Edge)
              ${firefox}  (Firefox)
  Load it:    chrome://extensions → Developer mode → "Load unpacked" → pick the Chrome folder above;
              then open the extension's options, set the server to ${server.url} and create an account.
Press Ctrl+C to stop.`);
stopOnSignals(server);
