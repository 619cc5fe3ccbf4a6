import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's recommended minimum cost.
const OWASP_MINIMUM = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/**
 * The test suites' cost (TROVE_TEST_PASSWORD_COST=low, set by vitest.config.ts): the same argon2id hashing and
 * verification, at ~1 ms instead of ~30 ms of CPU, for the thousands of sign-ups a full test run makes.
 */
const TEST_ONLY = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const OPTIONS = process.env.TROVE_TEST_PASSWORD_COST === 'low' ? TEST_ONLY : OWASP_MINIMUM;

/**
 * Password hash computations (hashes and verifications) done by this process, so tests can show that
 * every sign-in path does the same work (counts, never milliseconds).
 */
let hashComputations = 0;
export const hashComputationCount = () => hashComputations;

export function hashPassword(password: string): Promise<string> {
  hashComputations += 1;
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  hashComputations += 1;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password with the same cost, made once per process. Sign-in verifies against it when
 * the user does not exist, so an unknown name costs what a wrong password does and answers as slowly.
 * Making it is one-time setup, not a request's work, so it is not counted.
 */
let dummyHash: Promise<string> | undefined;
const dummyPasswordHash = () => {
  dummyHash ??= hash(crypto.randomUUID(), OPTIONS);
  return dummyHash;
};

/** Checks a password against a user's hash, or against the dummy hash (always false) when there is no user. */
export async function checkPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    await verifyPassword(await dummyPasswordHash(), password);
    return false;
  }
  return verifyPassword(passwordHash, password);
}
