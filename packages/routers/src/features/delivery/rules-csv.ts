/*
 * The delivery rules' CSV (docs/delivery.md): pure parsing and checking, no I/O, so the import's
 * every rule is unit-tested without a database. Lines are numbered as in the file (header = 1).
 */

export const RULES_CSV_HEADER = ['postcode', 'zone', 'deliverable', 'cod', 'min_days', 'max_days'];
export const MAX_RULES_PER_IMPORT = 50_000;
/** Calendar days a parcel may take; longer is a typo, not a promise. */
export const MAX_TRANSIT_DAYS = 90;

export interface DeliveryRuleValues {
  /** Normalised: upper case, no spaces; a prefix ends in `*`. */
  postcode: string;
  zone: string;
  deliverable: boolean;
  cod: boolean;
  minDays: number;
  maxDays: number;
}

export interface RejectedLine {
  line: number;
  reason: string;
}

export type ParsedRules =
  | { ok: true; rules: DeliveryRuleValues[] }
  | { ok: false; rejected: RejectedLine[] };

/** Upper case without spaces or dashes' surroundings: `560 001` and `560001` are one code. */
export const normalisePostcode = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

const RULE_KEY = /^[A-Z0-9-]{1,16}\*?$/;

/** One CSV line's fields: commas separate, double quotes may wrap a field ("" is a quote). */
export function splitCsvLine(line: string): string[] | undefined {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  if (quoted) return undefined;
  fields.push(field);
  return fields.map((f) => f.trim());
}

function parseBoolean(value: string): boolean | undefined {
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
}

function parseDays(value: string): number | undefined {
  if (!/^\d{1,3}$/.test(value)) return undefined;
  const days = Number(value);
  return days <= MAX_TRANSIT_DAYS ? days : undefined;
}

/** One data line → its rule, or why it is refused. */
export function parseRuleLine(line: string): DeliveryRuleValues | string {
  const fields = splitCsvLine(line);
  if (!fields) return 'An opening quote is never closed.';
  if (fields.length !== RULES_CSV_HEADER.length) {
    return `Expected ${RULES_CSV_HEADER.length} fields, found ${fields.length}.`;
  }
  const [rawPostcode = '', zone = '', rawDeliverable = '', rawCod = '', rawMin = '', rawMax = ''] =
    fields;
  const postcode = normalisePostcode(rawPostcode);
  if (!RULE_KEY.test(postcode)) {
    return 'postcode: a code or a prefix ending in "*" (letters, digits, "-", at most 16).';
  }
  if (zone.length > 64) return 'zone: at most 64 characters.';
  const deliverable = parseBoolean(rawDeliverable);
  if (deliverable === undefined) return 'deliverable: true or false.';
  const cod = parseBoolean(rawCod);
  if (cod === undefined) return 'cod: true or false.';
  const minDays = parseDays(rawMin);
  if (minDays === undefined) return `min_days: a whole number from 0 to ${MAX_TRANSIT_DAYS}.`;
  const maxDays = parseDays(rawMax);
  if (maxDays === undefined) return `max_days: a whole number from 0 to ${MAX_TRANSIT_DAYS}.`;
  if (maxDays < minDays) return 'max_days: not less than min_days.';
  return { postcode, zone, deliverable, cod, minDays, maxDays };
}

/**
 * The whole file: every rule, or every refused line (a file with one bad line imports nothing).
 * A code given twice keeps its last line, as a later import replaces an earlier one. Blank
 * lines are skipped but still counted.
 */
export function parseRulesCsv(csv: string): ParsedRules {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '')?.map((f) => f.toLowerCase());
  if (header?.join(',') !== RULES_CSV_HEADER.join(',')) {
    return {
      ok: false,
      rejected: [{ line: 1, reason: `The header must be ${RULES_CSV_HEADER.join(',')}.` }],
    };
  }
  const byPostcode = new Map<string, DeliveryRuleValues>();
  const rejected: RejectedLine[] = [];
  let rows = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    rows++;
    if (rows > MAX_RULES_PER_IMPORT) {
      rejected.push({ line: i + 1, reason: `At most ${MAX_RULES_PER_IMPORT} rules per file.` });
      break;
    }
    const rule = parseRuleLine(line);
    if (typeof rule === 'string') rejected.push({ line: i + 1, reason: rule });
    else {
      byPostcode.delete(rule.postcode);
      byPostcode.set(rule.postcode, rule);
    }
  }
  if (rejected.length > 0) return { ok: false, rejected };
  return { ok: true, rules: [...byPostcode.values()] };
}
