import { describe, expect, it } from 'vitest';
import {
  financialYearLabel,
  formatDocumentNumber,
  isDocumentNumberShaped,
  isKnownTimeZone,
  shopLocalDate,
  validateDocumentPrefix,
} from './document-number';

describe('financialYearLabel', () => {
  it('labels an April-to-March year by its two calendar years', () => {
    expect(financialYearLabel('2026-11-28', 4)).toBe('2627');
    expect(financialYearLabel('2027-02-01', 4)).toBe('2627');
    expect(financialYearLabel('2027-03-31', 4)).toBe('2627');
    expect(financialYearLabel('2027-04-01', 4)).toBe('2728');
    expect(financialYearLabel('2099-12-31', 4)).toBe('9900');
    expect(financialYearLabel('2026-06-30', 7)).toBe('2526');
    expect(financialYearLabel('2026-06-30', 1)).toBe('2026');
  });

  it('refuses a date or start month it cannot read', () => {
    for (const [date, month] of [
      ['2026-13-01', 4],
      ['28/11/2026', 4],
      ['2026-11-28T00:00:00Z', 4],
      ['2026-11-28', 0],
      ['2026-11-28', 13],
    ] as const) {
      expect(() => financialYearLabel(date, month), `${date} ${month}`).toThrow(RangeError);
    }
  });

  it('takes the shop-local date: 31 March 20:00 UTC is already April in India', () => {
    const instant = new Date('2027-03-31T20:00:00Z');
    expect(shopLocalDate(instant, 'Asia/Kolkata')).toBe('2027-04-01');
    expect(financialYearLabel(shopLocalDate(instant, 'Asia/Kolkata'), 4)).toBe('2728');
    expect(financialYearLabel(shopLocalDate(instant, 'UTC'), 4)).toBe('2627');
    // Daylight saving comes from the zone's rules: 23:30 UTC on 1 July is 2 July in Paris.
    expect(shopLocalDate(new Date('2027-07-01T23:30:00Z'), 'Europe/Paris')).toBe('2027-07-02');
    expect(shopLocalDate(new Date('2027-01-01T23:30:00Z'), 'Europe/Paris')).toBe('2027-01-02');
    expect(shopLocalDate(new Date('2027-01-01T22:30:00Z'), 'Europe/Paris')).toBe('2027-01-01');
  });

  it('knows IANA zones and refuses anything else', () => {
    expect(isKnownTimeZone('Asia/Kolkata')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('+05:30x')).toBe(false);
  });
});

describe('invoice numbers', () => {
  it('formats prefix, year and a six-digit counter', () => {
    expect(formatDocumentNumber('INV/', '2627', 123)).toBe('INV/2627/000123');
    expect(formatDocumentNumber('', '2627', 1)).toBe('2627/000001');
    expect(formatDocumentNumber('CN-', '2627', 9_999_999)).toBe('CN-2627/9999999');
  });

  it('holds the whole number to 16 characters', () => {
    expect(formatDocumentNumber('ABCDE', '2627', 999_999)).toHaveLength(16);
    expect(() => formatDocumentNumber('ABCDE', '2627', 1_000_000)).toThrow(RangeError);
    expect(() => formatDocumentNumber('INV/', '2627', 0)).toThrow(RangeError);
    expect(() => formatDocumentNumber('INV/', '26', 1)).toThrow(RangeError);
  });

  it('accepts prefixes of letters, digits, - and / that leave room for the number', () => {
    for (const prefix of ['INV/', 'INV-', 'A1/B', '', 'inv/']) {
      expect(validateDocumentPrefix(prefix), prefix).toEqual({ ok: true });
    }
    expect(validateDocumentPrefix('INV_')).toMatchObject({ ok: false });
    expect(validateDocumentPrefix('INV /')).toMatchObject({ ok: false });
    expect(validateDocumentPrefix('SHOPINV/')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('at most 5'),
    });
    expect(() => formatDocumentNumber('INV#', '2627', 1)).toThrow(RangeError);
  });
});

describe('document-number shape', () => {
  it('accepts what formatDocumentNumber can make and refuses anything else', () => {
    expect(isDocumentNumberShaped(formatDocumentNumber('CN/', '2627', 12))).toBe(true);
    for (const text of ['', 'CN/2627/\u0000', 'CN 2627', 'CN/2627/0000012345', 'ñ']) {
      expect(isDocumentNumberShaped(text), JSON.stringify(text)).toBe(false);
    }
  });
});
