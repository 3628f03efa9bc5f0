/* Token primitives shared by auth (sessions, link tokens) and mail (delivery keys). */

import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer or reset token: 32 random bytes, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored; a leaked table does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * What a counter per e-mail address is keyed by: the address's digest, so a rate limit's store
 * (Redis) holds no readable address. Case-insensitive, like sign-in.
 */
export function emailKey(email: string): string {
  return hashToken(`email:${email.trim().toLowerCase()}`);
}
