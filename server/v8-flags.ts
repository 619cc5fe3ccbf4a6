import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings of the server process, imported by its entry points (server/main.ts, scripts/start.ts): they are set
 * while the modules load, before PGlite compiles its WebAssembly (when the database opens); V8 reads them when it
 * compiles a module.
 *
 * PGlite is Postgres compiled to WebAssembly. By default V8 compiles it with its baseline compiler and optimises a
 * function only once that function has run hot; a query runs through a wide set of Postgres's functions, so in a
 * server's first minutes most of them run as baseline code. Without dynamic tiering, V8 optimises each function on
 * background threads right after its first compile. Measured on the machines we have (`npm run bench`, PGlite server
 * process): the first-token overhead of the answers just after a start fell from 5.7 to 4.8 ms (p50, median of 8 runs
 * each). The cost, at each start: 1.4 s more CPU (mostly V8's compiler threads) and 0.6 s more before the server listens
 * (1.4 s on the first start, which creates the database); the idle memory stays within its run-to-run spread. On
 * PostgreSQL the server compiles no WebAssembly and nothing changes.
 */
setFlagsFromString('--no-wasm-dynamic-tiering');
