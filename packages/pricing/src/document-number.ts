/**
 * Tax-invoice numbers: `INV/2627/000123` — a prefix, the financial year, a counter. India's GST
 * rules hold the whole number to 16 characters of letters, digits, `-` and `/`, so the limit
 * applies to the number, not the prefix (docs/tax.md, "Numbering").
 */

export const DOCUMENT_NUMBER_MAX_LENGTH = 16;
export const DOCUMENT_COUNTER_DIGITS = 6;
export const DEFAULT_DOCUMENT_PREFIX = 'INV/';

/** Room the financial year (4), its slash and a six-digit counter leave for the prefix: 5. */
export const DOCUMENT_PREFIX_MAX_LENGTH =
  DOCUMENT_NUMBER_MAX_LENGTH - 4 - 1 - DOCUMENT_COUNTER_DIGITS;

/**
 * The shop-local calendar date (`YYYY-MM-DD`) of an instant in the shop's IANA time zone
 * (India: `Asia/Kolkata`, 5:30 ahead of UTC): an invoice is dated as the shop's calendar says.
 */
export function shopLocalDate(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD; the zone's rules (and any DST) come from Intl.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Whether `timeZone` is an IANA zone this runtime knows (`Asia/Kolkata`, `UTC`). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const twoDigits = (year: number) => String(year % 100).padStart(2, '0');

/**
 * The financial year of a shop-local date (`YYYY-MM-DD`) as four digits: for a year starting in
 * April (`startMonth` 4), 2026-11-28 and 2027-02-01 are in `2627`, 2027-04-01 in `2728`. A
 * year starting in January is one calendar year, written in full: `2026`.
 */
export function financialYearLabel(date: string, startMonth: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) {
    throw new RangeError(`A financial year needs a YYYY-MM-DD date, got ${date}.`);
  }
  if (!Number.isInteger(startMonth) || startMonth < 1 || startMonth > 12) {
    throw new RangeError(`A financial year starts in month 1 to 12, got ${startMonth}.`);
  }
  if (startMonth === 1) return String(year);
  const startYear = month >= startMonth ? year : year - 1;
  return `${twoDigits(startYear)}${twoDigits(startYear + 1)}`;
}

export type PrefixVerdict = { ok: true } | { ok: false; reason: string };

/**
 * A prefix the admin may set: letters, digits, `-` and `/`, short enough that
 * prefix + `2627/000123` stays within 16 characters (at most 5; may be empty).
 */
/**
 * Whether `text` could be a document number at all (letters, digits, `-` and `/`, at most 16):
 * a lookup by a number that cannot exist answers "not found" without asking the database (a NUL
 * byte is an error to PostgreSQL, not a miss).
 */
export function isDocumentNumberShaped(text: string): boolean {
  return text.length <= DOCUMENT_NUMBER_MAX_LENGTH && /^[A-Za-z0-9/-]+$/.test(text);
}

export function validateDocumentPrefix(prefix: string): PrefixVerdict {
  if (!/^[A-Za-z0-9/-]*$/.test(prefix)) {
    return { ok: false, reason: 'An invoice prefix has only letters, digits, - and /.' };
  }
  if (prefix.length > DOCUMENT_PREFIX_MAX_LENGTH) {
    return {
      ok: false,
      reason: `An invoice prefix has at most ${DOCUMENT_PREFIX_MAX_LENGTH} characters, so the invoice number (e.g. INV/2627/000123) stays within ${DOCUMENT_NUMBER_MAX_LENGTH}.`,
    };
  }
  return { ok: true };
}

/**
 * `INV/` + `2627` + `/` + the counter padded to six digits. A counter past 999999 widens the
 * number; one that would pass 16 characters, or a bad prefix, is a RangeError — the numbering
 * series must be changed (a new prefix or year) before that.
 */
export function formatDocumentNumber(prefix: string, fyLabel: string, counter: number): string {
  const verdict = validateDocumentPrefix(prefix);
  if (!verdict.ok) throw new RangeError(verdict.reason);
  if (!/^\d{4}$/.test(fyLabel)) {
    throw new RangeError(`A financial-year label has four digits, got ${fyLabel}.`);
  }
  if (!Number.isSafeInteger(counter) || counter < 1) {
    throw new RangeError(`An invoice counter is a positive integer, got ${counter}.`);
  }
  const number = `${prefix}${fyLabel}/${String(counter).padStart(DOCUMENT_COUNTER_DIGITS, '0')}`;
  if (number.length > DOCUMENT_NUMBER_MAX_LENGTH) {
    throw new RangeError(
      `Invoice number ${number} is longer than ${DOCUMENT_NUMBER_MAX_LENGTH} characters.`,
    );
  }
  return number;
}
