import { createHash, randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret } from '../../ai/crypto';

/**
 * A link's token: 24 random bytes (192 bits) as base64url, 32 characters. The database keeps its SHA-256 (what a
 * visit looks up, so a leaked table opens nothing) and a copy encrypted with the server secret, bound to what the link
 * shares, so its managers can copy the address again.
 */

const TOKEN_BYTES = 24;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** What the encrypted token is bound to: a copy moved to another row does not decrypt. */
export const tokenContext = (kind: string, resourceId: number) => `share-link:${kind}:${resourceId}`;
export const sealToken = (secret: string, context: string, token: string) => encryptSecret(secret, token, context);
export const openToken = (secret: string, context: string, sealed: string) => decryptSecret(secret, sealed, context);
