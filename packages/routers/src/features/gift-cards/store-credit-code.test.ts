import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateGiftCardCode, hashGiftCardCode } from './gift-card-code';
import { storeCreditCodes } from './store-credit-code';

describe('store-credit codes sealed with AES-256-GCM', () => {
  const codes = storeCreditCodes(randomBytes(32));
  const code = generateGiftCardCode();
  const hash = hashGiftCardCode(code);

  it('opens what it sealed; the sealed form never holds the code', () => {
    const sealed = codes.seal(code, hash);
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain(code);
    expect(sealed).not.toContain(code.replace(/-/g, ''));
    expect(codes.open(sealed, hash)).toBe(code);
    // A fresh IV each time: the same code seals differently.
    expect(codes.seal(code, hash)).not.toBe(sealed);
  });

  it('does not open under another key, on another card, or tampered', () => {
    const sealed = codes.seal(code, hash);
    expect(storeCreditCodes(randomBytes(32)).open(sealed, hash)).toBeNull();
    expect(codes.open(sealed, hashGiftCardCode(generateGiftCardCode()))).toBeNull();
    const [version, iv, tag, body] = sealed.split(':');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(codes.open([version, iv, tag, flipped].join(':'), hash)).toBeNull();
    expect(codes.open('garbage', hash)).toBeNull();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => storeCreditCodes(randomBytes(16))).toThrow(RangeError);
  });
});
