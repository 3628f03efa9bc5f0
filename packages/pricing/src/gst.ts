/**
 * India's GST: the state-code table, finding a state from what a buyer typed, and GSTIN
 * validation (docs/tax.md, "India").
 */

export interface GstState {
  /** The two-digit GST state code, the first two characters of a GSTIN. */
  gstCode: string;
  name: string;
  /** ISO 3166-2 subdivision (`IN-KA`); null for codes with none. */
  iso: string | null;
  /** A code no longer issued (Daman and Diu before the 2020 merger, undivided Andhra Pradesh). */
  legacy?: true;
}

/**
 * The GST state codes (GSTN's list) with their ISO 3166-2:IN subdivisions — the one table for
 * both. ISO codes are the current ones (CG, OD, TS, UK, DH, LA); the older CT, OR, TG, UT/UA,
 * DD and DN are accepted by `indianStateFrom` as aliases.
 */
export const GST_STATE_CODES: readonly GstState[] = [
  { gstCode: '01', name: 'Jammu and Kashmir', iso: 'IN-JK' },
  { gstCode: '02', name: 'Himachal Pradesh', iso: 'IN-HP' },
  { gstCode: '03', name: 'Punjab', iso: 'IN-PB' },
  { gstCode: '04', name: 'Chandigarh', iso: 'IN-CH' },
  { gstCode: '05', name: 'Uttarakhand', iso: 'IN-UK' },
  { gstCode: '06', name: 'Haryana', iso: 'IN-HR' },
  { gstCode: '07', name: 'Delhi', iso: 'IN-DL' },
  { gstCode: '08', name: 'Rajasthan', iso: 'IN-RJ' },
  { gstCode: '09', name: 'Uttar Pradesh', iso: 'IN-UP' },
  { gstCode: '10', name: 'Bihar', iso: 'IN-BR' },
  { gstCode: '11', name: 'Sikkim', iso: 'IN-SK' },
  { gstCode: '12', name: 'Arunachal Pradesh', iso: 'IN-AR' },
  { gstCode: '13', name: 'Nagaland', iso: 'IN-NL' },
  { gstCode: '14', name: 'Manipur', iso: 'IN-MN' },
  { gstCode: '15', name: 'Mizoram', iso: 'IN-MZ' },
  { gstCode: '16', name: 'Tripura', iso: 'IN-TR' },
  { gstCode: '17', name: 'Meghalaya', iso: 'IN-ML' },
  { gstCode: '18', name: 'Assam', iso: 'IN-AS' },
  { gstCode: '19', name: 'West Bengal', iso: 'IN-WB' },
  { gstCode: '20', name: 'Jharkhand', iso: 'IN-JH' },
  { gstCode: '21', name: 'Odisha', iso: 'IN-OD' },
  { gstCode: '22', name: 'Chhattisgarh', iso: 'IN-CG' },
  { gstCode: '23', name: 'Madhya Pradesh', iso: 'IN-MP' },
  { gstCode: '24', name: 'Gujarat', iso: 'IN-GJ' },
  { gstCode: '25', name: 'Daman and Diu', iso: null, legacy: true },
  { gstCode: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', iso: 'IN-DH' },
  { gstCode: '27', name: 'Maharashtra', iso: 'IN-MH' },
  { gstCode: '28', name: 'Andhra Pradesh (before division)', iso: null, legacy: true },
  { gstCode: '29', name: 'Karnataka', iso: 'IN-KA' },
  { gstCode: '30', name: 'Goa', iso: 'IN-GA' },
  { gstCode: '31', name: 'Lakshadweep', iso: 'IN-LD' },
  { gstCode: '32', name: 'Kerala', iso: 'IN-KL' },
  { gstCode: '33', name: 'Tamil Nadu', iso: 'IN-TN' },
  { gstCode: '34', name: 'Puducherry', iso: 'IN-PY' },
  { gstCode: '35', name: 'Andaman and Nicobar Islands', iso: 'IN-AN' },
  { gstCode: '36', name: 'Telangana', iso: 'IN-TS' },
  { gstCode: '37', name: 'Andhra Pradesh', iso: 'IN-AP' },
  { gstCode: '38', name: 'Ladakh', iso: 'IN-LA' },
  { gstCode: '97', name: 'Other Territory', iso: null },
];

export interface IndianState {
  gstCode: string;
  /** `IN-KA`; null for Other Territory. */
  iso: string | null;
  /** The subdivision without the country (`KA`): what a tax rule's `region` holds. */
  region: string | null;
  name: string;
}

/** Spelling that differs from the table: old ISO codes and names people still write. */
const ALIASES: Record<string, string> = {
  CT: '22',
  OR: '21',
  TG: '36',
  UT: '05',
  UA: '05',
  DD: '26',
  DN: '26',
  orissa: '21',
  pondicherry: '34',
  uttaranchal: '05',
  chattisgarh: '22',
  'nct of delhi': '07',
  'national capital territory of delhi': '07',
  'daman and diu': '26',
  'dadra and nagar haveli': '26',
  'andaman and nicobar': '35',
};

/** Lower case, `&` as `and`, dots dropped, runs of spaces as one. */
const normaliseName = (value: string) =>
  value.toLowerCase().replace(/&/g, ' and ').replace(/\./g, '').replace(/\s+/g, ' ').trim();

const byCode = new Map(GST_STATE_CODES.map((state) => [state.gstCode, state]));
const lookup = new Map<string, GstState>();
for (const state of GST_STATE_CODES) {
  if (state.legacy) continue;
  if (state.iso) lookup.set(state.iso.slice(3), state);
  lookup.set(normaliseName(state.name), state);
}
for (const [alias, gstCode] of Object.entries(ALIASES)) {
  const state = byCode.get(gstCode);
  if (state) lookup.set(alias, state);
}

/**
 * The state a buyer or admin typed: an ISO code (`KA`, `IN-KA`, `ka`) or a name (`Karnataka`,
 * `Jammu & Kashmir`, `  tamil   nadu `). Merged and renamed states give today's state.
 */
export function indianStateFrom(input: string): IndianState | undefined {
  const trimmed = input.trim().toUpperCase().replace(/\s+/g, '');
  const code = trimmed.startsWith('IN-') ? trimmed.slice(3) : trimmed;
  const state = /^[A-Z]{2}$/.test(code) ? lookup.get(code) : lookup.get(normaliseName(input));
  if (!state) return undefined;
  return {
    gstCode: state.gstCode,
    iso: state.iso,
    region: state.iso ? state.iso.slice(3) : null,
    name: state.name,
  };
}

export type GstinVerdict =
  | { ok: true; gstin: string; state: GstState; pan: string }
  | { ok: false; reason: string };

const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN check character of its first 14 characters (GSTN's mod-36 scheme). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < first14.length; i++) {
    const product = CHARSET.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET.charAt((36 - (sum % 36)) % 36);
}

/**
 * A GSTIN as an Indian registration shows it: 15 characters — a state code (01–38 or 97),
 * the holder's PAN (5 letters, 4 digits, 1 letter), the registration's number for that PAN in
 * the state (1–9, then A–Z), `Z`, and the check character. Spaces around it and lower case are
 * forgiven; `gstin` in the answer is the canonical form to store.
 */
export function validateGstin(input: string): GstinVerdict {
  const gstin = input.trim().toUpperCase();
  if (gstin.length !== 15) return { ok: false, reason: 'A GSTIN has 15 characters.' };
  if (!/^[0-9A-Z]{15}$/.test(gstin)) {
    return { ok: false, reason: 'A GSTIN has only digits and letters.' };
  }
  const state = byCode.get(gstin.slice(0, 2));
  if (!state) {
    return { ok: false, reason: 'A GSTIN starts with a GST state code, 01 to 38 or 97.' };
  }
  const pan = gstin.slice(2, 12);
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan)) {
    return {
      ok: false,
      reason: 'Characters 3 to 12 of a GSTIN are a PAN: 5 letters, 4 digits, 1 letter.',
    };
  }
  if (!/^[1-9A-Z]$/.test(gstin.charAt(12))) {
    return { ok: false, reason: 'The 13th character of a GSTIN is 1–9 or a letter.' };
  }
  if (gstin.charAt(13) !== 'Z') return { ok: false, reason: 'The 14th character of a GSTIN is Z.' };
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) {
    return { ok: false, reason: 'The GSTIN’s check character does not match: a typo?' };
  }
  return { ok: true, gstin, state, pan };
}
