import type { Context } from 'hono';
import { clientAddress } from './rate-limit';

/** What a sign-in or refresh records of its client (server/auth/tokens.ts): its User-Agent and address. */
export const tokenClient = (c: Context, trustedProxies: number) => ({
  userAgent: c.req.header('User-Agent') ?? null,
  address: clientAddress(c, trustedProxies),
});
