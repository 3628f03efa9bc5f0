import { createHash, randomInt } from 'node:crypto';

/**
 * 32 symbols without look-alikes (no 0/O, no 1/I): 16 of them carry exactly 80 bits, shown as
 * four groups of four (`ABCD-EFGH-JKLM-NPQR`).
 */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new random code, grouped for reading. */
export function generateGiftCardCode(): string {
  const chars = Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/** What a code is compared by: case and dashes (and spaces) ignored. */
export const normaliseGiftCardCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** The stored form of a code: only its hash (and, separately, its last 4 characters). */
export const hashGiftCardCode = (code: string) =>
  createHash('sha256').update(normaliseGiftCardCode(code)).digest('hex');

export const last4Of = (code: string) => normaliseGiftCardCode(code).slice(-4);
