import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import type { Db } from '../db/client';
import { refreshTokens } from '../db/schema';

export interface TokenSettings {
  secret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long a spent refresh token may be presented again and get the same successor (default 10 s). */
  refreshGraceSeconds?: number;
}

export const DEFAULT_REFRESH_GRACE_SECONDS = 10;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * An access token for `userId` in sign-in `sessionId` (its refresh-token family): require-user.ts checks on
 * each request that the family is not revoked, so signing out ends the access token at once, not at its expiry.
 */
export function signAccessToken(settings: TokenSettings, userId: number, sessionId: string): Promise<string> {
  const iat = nowSeconds();
  return sign(
    { sub: String(userId), sid: sessionId, iat, exp: iat + settings.accessTokenTtlSeconds, typ: 'access' },
    settings.secret,
    'HS256',
  );
}

const decodeJson = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const SIGNATURE = /^[A-Za-z0-9_-]*={0,2}$/;

/** A header we sign (HS256, typ JWT or none, no extensions the verifier must understand). */
const isHs256Header = (header: unknown) =>
  isRecord(header) &&
  header.alg === 'HS256' &&
  (header.typ === undefined ||
    (typeof header.typ === 'string' && header.typ.toLowerCase().replace(/^application\//, '') === 'jwt')) &&
  !('crit' in header);

/** A registered time claim, if present, must be a finite number that `ok` accepts. */
const timeClaim = (value: unknown, ok: (seconds: number) => boolean) =>
  value === undefined || (typeof value === 'number' && Number.isFinite(value) && ok(value));

/**
 * The payload of a JWT signed with HS256 under `secret`, or null: the checks of hono's `verify` (the
 * header; `nbf`, `exp` and `iat` against now; the signature), with node:crypto's HMAC. WebCrypto, which
 * hono's `verify` uses, imports the key anew on every call: that was a tenth of a request's cost.
 */
export function verifyHs256(token: string, secret: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  let header: unknown;
  let payload: unknown;
  try {
    header = decodeJson(headerPart);
    payload = decodeJson(payloadPart);
  } catch {
    return null;
  }
  if (!isHs256Header(header) || !isRecord(payload)) return null;
  const now = nowSeconds();
  if (!timeClaim(payload.nbf, (nbf) => nbf <= now)) return null;
  if (!timeClaim(payload.exp, (exp) => exp > now)) return null;
  if (!timeClaim(payload.iat, (iat) => iat <= now)) return null;
  if (!SIGNATURE.test(signaturePart)) return null;
  const signature = Buffer.from(signaturePart, 'base64url');
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? payload : null;
}

/** The user id and sign-in of a valid access token, or null. */
export function verifyAccessToken(
  settings: TokenSettings,
  token: string,
): { userId: number; sessionId: string } | null {
  const payload = verifyHs256(token, settings.secret);
  if (payload?.typ !== 'access' || typeof payload.sid !== 'string' || !payload.sid) return null;
  const id = Number(payload.sub);
  return Number.isInteger(id) && id > 0 ? { userId: id, sessionId: payload.sid } : null;
}

/** The client a refresh token was given to, as "Where you are signed in" shows it. */
export interface TokenClient {
  userAgent?: string | null;
  address?: string | null;
}

/** Stores a refresh token (its hash) for `userId`; a new sign-in gets a random token and a new family. */
export async function issueRefreshToken(
  db: Db,
  settings: TokenSettings,
  userId: number,
  familyId: string = randomUUID(),
  token: string = randomBytes(32).toString('base64url'),
  client: TokenClient = {},
): Promise<string> {
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + settings.refreshTokenTtlSeconds * 1000),
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    address: client.address ?? null,
  });
  return token;
}

/**
 * The token that replaces `token` on rotation: derived from it with the server secret, so presenting
 * `token` again computes the same successor and finds it by its hash (only hashes are stored), and no one
 * without the secret can compute it.
 */
const successorOf = (settings: TokenSettings, token: string) =>
  createHmac('sha256', settings.secret).update(`trove refresh successor\0${token}`).digest('base64url');

export type RotationResult =
  | { ok: true; userId: number; familyId: string; refreshToken: string }
  | { ok: false; reason: string };

/**
 * Exchanges a refresh token for its successor in the same family. A token is spent once used, with one
 * grace: presented again within `refreshGraceSeconds` of its use, while its successor is still unused, it
 * answers that same successor, so a retry after a lost response, or two refreshes at once (serialised by
 * the row lock), do not sign the user out. Any other reuse means the token leaked: the whole family is
 * revoked and every device of that sign-in must sign in again.
 */
export async function rotateRefreshToken(
  db: Db,
  settings: TokenSettings,
  token: string,
  client: TokenClient = {},
): Promise<RotationResult> {
  const grace = settings.refreshGraceSeconds ?? DEFAULT_REFRESH_GRACE_SECONDS;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        ...getTableColumns(refreshTokens),
        inGrace: sql<boolean>`${refreshTokens.usedAt} > now() - make_interval(secs => ${grace})`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .for('update');
    if (!row) return { ok: false, reason: 'Refresh token is invalid' };
    if (row.revokedAt) return { ok: false, reason: 'Refresh token has been revoked' };
    const successor = successorOf(settings, token);
    if (row.usedAt) {
      if (row.inGrace) {
        const [next] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, sha256(successor)));
        if (next && !next.usedAt && !next.revokedAt)
          return { ok: true, userId: row.userId, familyId: row.familyId, refreshToken: successor };
      }
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { ok: false, reason: 'Refresh token was already used; this sign-in has been revoked' };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'Refresh token has expired' };
    await tx.update(refreshTokens).set({ usedAt: sql`now()` }).where(eq(refreshTokens.id, row.id));
    await issueRefreshToken(tx as unknown as Db, settings, row.userId, row.familyId, successor, client);
    return { ok: true, userId: row.userId, familyId: row.familyId, refreshToken: successor };
  });
}

/**
 * Signs out: revokes the family the token belongs to, and answers it (null for an unknown token, which is
 * ignored: sign-out always succeeds).
 */
export async function revokeRefreshFamily(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row) return null;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
  return row.familyId;
}
