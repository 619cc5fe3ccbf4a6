import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { configFromEnv } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { createResetToken, resetPath } from '../features/operator/password-resets';
import { weakPasswordMessage } from '../features/operator/reset-page';
import { signOutEverywhere } from '../features/operator/sessions';
import { findUserByIdentifier } from '../features/users/users';
import { publicLink } from '../mail/compose';

/**
 * The operator's command (`npm run trove -- <command>`; README, "Running Trove for a group"), on the database the
 * server's environment names (DATABASE_URL, else PGlite in DATA_DIR: stop the server first, PGlite has one user).
 *
 *   reset-password <username or email>                 prints a one-time reset link (30 minutes)
 *   reset-password <username or email> --password <pw>  sets the password; every sign-in is signed out
 *
 * The entry point is server/cli/main.ts; this module runs a command (tests call it in their own process).
 */

const USAGE = 'Usage: npm run trove -- reset-password <username or email> [--password <new password>]';

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

/** Runs one command with `env` as the server's environment; answers the exit code. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  const [command, identifier, flag, password] = args;
  if (command !== 'reset-password' || !identifier || (flag !== undefined && (flag !== '--password' || !password))) {
    out.error(USAGE);
    return 2;
  }
  if (password !== undefined) {
    const weak = weakPasswordMessage(password, password);
    if (weak) {
      out.error(weak);
      return 1;
    }
  }
  const config = configFromEnv(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    const user = await findUserByIdentifier(database.db, identifier);
    if (!user) {
      out.error(`No account has the username or email "${identifier}"`);
      return 1;
    }
    if (password !== undefined) {
      await database.db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, user.id));
      const ended = await signOutEverywhere(database, user.id);
      out.log(`The password of ${user.username} is set; ${ended} sign-in(s) signed out.`);
      return 0;
    }
    const base = config.publicUrl ?? `http://${config.host}:${config.port}`;
    const link = publicLink(base, resetPath(await createResetToken(database.db, user.id)));
    out.log(`A one-time link to reset the password of ${user.username} (30 minutes):\n${link}`);
    return 0;
  } finally {
    await database.close();
  }
}
