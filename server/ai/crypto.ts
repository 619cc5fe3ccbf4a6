import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Provider API keys at rest: AES-256-GCM under a key derived from the server secret
 * (HKDF-SHA256, fixed salt and info string), a random 12-byte IV per value, stored as
 * base64(iv ‖ tag ‖ ciphertext). `context` (the owner and the key's field name) is bound as
 * additional authenticated data, so a ciphertext copied to another user or field does not decrypt.
 * Keys are decrypted only on the server, when a provider is called; responses carry `maskKey` only.
 */

const INFO = 'trove provider api keys v1';
const SALT = 'trove';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const derived = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = derived.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32));
    derived.set(secret, key);
  }
  return key;
}

export function encryptSecret(secret: string, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Throws when the value was not encrypted under this secret and context (or was tampered with). */
export function decryptSecret(secret: string, stored: string, context: string): string {
  const raw = Buffer.from(stored, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('encrypted value is too short');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** The additional data a user's key is bound to. */
export const keyContext = (userId: number, field: string) => `user:${userId}:${field}`;

/** `••••1234`: the last 4 characters, or only the dots for keys too short to show any of. */
export function maskKey(plaintext: string): string {
  return plaintext.length >= 12 ? `••••${plaintext.slice(-4)}` : '••••';
}
