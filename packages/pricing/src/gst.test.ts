import { describe, expect, it } from 'vitest';
import { GST_STATE_CODES, gstinCheckCharacter, indianStateFrom, validateGstin } from './gst';

const published = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4'];
const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('GST state codes', () => {
  it('holds each code once, with the states issue 37 names', () => {
    const codes = GST_STATE_CODES.map((state) => state.gstCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(GST_STATE_CODES.find((s) => s.gstCode === '01')?.name).toBe('Jammu and Kashmir');
    expect(GST_STATE_CODES.find((s) => s.gstCode === '37')?.iso).toBe('IN-AP');
    expect(GST_STATE_CODES.find((s) => s.gstCode === '38')?.name).toBe('Ladakh');
    expect(GST_STATE_CODES.find((s) => s.gstCode === '97')).toMatchObject({ iso: null });
    const isoCodes = GST_STATE_CODES.flatMap((s) => (s.iso ? [s.iso] : []));
    expect(new Set(isoCodes).size).toBe(isoCodes.length);
  });

  it('finds a state by ISO code or name, however it was typed', () => {
    const karnataka = { gstCode: '29', iso: 'IN-KA', region: 'KA', name: 'Karnataka' };
    for (const typed of ['KA', 'ka', 'IN-KA', ' in-ka ', 'Karnataka', '  KARNATAKA ']) {
      expect(indianStateFrom(typed), typed).toEqual(karnataka);
    }
    expect(indianStateFrom('Jammu & Kashmir')?.gstCode).toBe('01');
    expect(indianStateFrom('tamil    nadu')?.gstCode).toBe('33');
    expect(indianStateFrom('Dadra & Nagar Haveli & Daman & Diu')?.gstCode).toBe('26');
    expect(indianStateFrom('Daman and Diu')?.gstCode).toBe('26');
    expect(indianStateFrom('Orissa')?.iso).toBe('IN-OD');
    expect(indianStateFrom('TG')?.name).toBe('Telangana');
    expect(indianStateFrom('IN-AP')?.gstCode).toBe('37');
    expect(indianStateFrom('Other Territory')).toEqual({
      gstCode: '97',
      iso: null,
      region: null,
      name: 'Other Territory',
    });
    for (const unknown of ['', 'ZZ', 'Atlantis', 'IN-'])
      expect(indianStateFrom(unknown)).toBeUndefined();
  });
});

describe('validateGstin', () => {
  it('accepts published GSTINs, forgiving case and surrounding spaces', () => {
    for (const gstin of published) expect(validateGstin(gstin)).toMatchObject({ ok: true, gstin });
    expect(validateGstin(' 27aapfu0939f1zv ')).toMatchObject({
      ok: true,
      gstin: '27AAPFU0939F1ZV',
      pan: 'AAPFU0939F',
      state: { gstCode: '27', name: 'Maharashtra' },
    });
  });

  it('refuses every single-character change of a valid GSTIN', () => {
    for (const gstin of published) {
      for (let position = 0; position < 15; position++) {
        for (const replacement of CHARSET) {
          if (replacement === gstin[position]) continue;
          const mutated = gstin.slice(0, position) + replacement + gstin.slice(position + 1);
          expect(validateGstin(mutated).ok, mutated).toBe(false);
        }
      }
    }
  });

  it('says what is wrong', () => {
    const reason = (gstin: string) => {
      const verdict = validateGstin(gstin);
      return verdict.ok ? 'ok' : verdict.reason;
    };
    expect(reason('27AAPFU0939F1Z')).toBe('A GSTIN has 15 characters.');
    expect(reason('27AAPFU0939F1Z-')).toBe('A GSTIN has only digits and letters.');
    expect(reason('39AAPFU0939F1ZV')).toBe('A GSTIN starts with a GST state code, 01 to 38 or 97.');
    expect(reason('99AAPFU0939F1ZV')).toContain('state code');
    expect(reason('27AAPF10939F1ZV')).toContain('PAN');
    expect(reason('27AAPFU0939F0ZV')).toContain('13th');
    expect(reason('27AAPFU0939F1YV')).toContain('14th');
    expect(reason('27AAPFU0939F1ZW')).toContain('check character');
  });

  it('accepts Other Territory (97) with a correct check character', () => {
    const first14 = '97AAPFU0939F1Z';
    expect(validateGstin(first14 + gstinCheckCharacter(first14)).ok).toBe(true);
  });
});
