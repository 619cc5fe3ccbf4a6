import { runCli } from './trove';

/** `npm run trove -- <command>`: see trove.ts. */
process.exitCode = await runCli(process.argv.slice(2), process.env, console);
