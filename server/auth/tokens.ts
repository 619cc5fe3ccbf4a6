import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { sign, verify } from 'hono/jwt';
import type { Db } from '../db/client';
import { refreshTokens } from '../db/schema';

export interface TokenSettings {
  secret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

export function signAccessToken(settings: TokenSettings, userId: number): Promise<string> {
  const iat = nowSeconds();
  return sign({ sub: String(userId), iat, exp: iat + settings.accessTokenTtlSeconds, typ: 'access' }, settings.secret, 'HS256');
}

/** The user id of a valid access token, or null. */
export async function verifyAccessToken(settings: TokenSettings, token: string): Promise<number | null> {
  try {
    const payload = await verify(token, settings.secret, 'HS256');
    if (payload.typ !== 'access') return null;
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export async function issueRefreshToken(
  db: Db,
  settings: TokenSettings,
  userId: number,
  familyId: string = randomUUID(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + settings.refreshTokenTtlSeconds * 1000),
  });
  return token;
}

export type RotationResult = { ok: true; userId: number; refreshToken: string } | { ok: false; reason: string };

/**
 * Exchanges a refresh token for a new one in the same family. A token is good once: presenting a used
 * token again means it leaked, so the whole family is revoked and every device of that sign-in must sign in again.
 */
export async function rotateRefreshToken(db: Db, settings: TokenSettings, token: string): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(token))).for('update');
    if (!row) return { ok: false, reason: 'Refresh token is invalid' };
    if (row.revokedAt) return { ok: false, reason: 'Refresh token has been revoked' };
    if (row.usedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { ok: false, reason: 'Refresh token was already used; this sign-in has been revoked' };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'Refresh token has expired' };
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    const refreshToken = await issueRefreshToken(tx as unknown as Db, settings, row.userId, row.familyId);
    return { ok: true, userId: row.userId, refreshToken };
  });
}

/** Signs out: revokes the family the token belongs to. Unknown tokens are ignored (sign-out always succeeds). */
export async function revokeRefreshFamily(db: Db, token: string): Promise<void> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}
