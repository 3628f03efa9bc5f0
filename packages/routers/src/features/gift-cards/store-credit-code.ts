import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * A store-credit card's code, sealed for its owner (docs/returns.md, "Store credit"): gift card
 * codes are stored only as a hash, but the customer's own store credit must be shown again by
 * GET /customer/store-credit. So for those cards the code is also kept encrypted with
 * AES-256-GCM under STORE_CREDIT_CODE_KEY (env.ts), the card's code hash as associated data: a
 * sealed code copied onto another card's row does not open. Never plaintext at rest.
 */

const VERSION = 'v1';

export interface StoreCreditCodes {
  seal(code: string, codeHash: string): string;
  /** The code, or null when it no longer opens (another key, or a tampered value). */
  open(sealed: string, codeHash: string): string | null;
}

/** Seals and opens codes with a 32-byte key. */
export function storeCreditCodes(key: Buffer): StoreCreditCodes {
  if (key.length !== 32) throw new RangeError('The store credit key must be 32 bytes.');
  return {
    seal(code, codeHash) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(codeHash));
      const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join(':');
    },
    open(sealed, codeHash) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || !body) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(codeHash));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const code = Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]);
        return code.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
