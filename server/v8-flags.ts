import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings of the server process, imported by its entry points (server/main.ts, scripts/start.ts): they are set
 * while the modules load, before PGlite compiles its WebAssembly (when the database opens); V8 reads them when it
 * compiles a module.
 *
 * PGlite is Postgres compiled to WebAssembly. By default V8 compiles it with its baseline compiler and optimises a
 * function only once that function has run hot; a query runs through a wide set of Postgres's functions, so in a
 * server's first minutes most of them run as baseline code. Without dynamic tiering, V8 optimises the whole module on
 * background threads as soon as it is loaded. Measured on the machines we have (`npm run bench`, PGlite server
 * process): the first-token overhead of the answers just after a start fell from 5.7 to 4.8 ms (p50, median of 8 runs
 * each); a start takes about 1 s longer and 1.3 s more CPU, on background threads; the idle memory once compiled was
 * 254 MB instead of 268. On PostgreSQL the server compiles no WebAssembly and nothing changes.
 */
setFlagsFromString('--no-wasm-dynamic-tiering');
