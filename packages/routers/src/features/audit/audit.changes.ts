/**
 * What an admin mutation's row says it changed, built from its input alone so one rule serves
 * every procedure (docs/admin-panel.md "Audit log"): each field given → `[before, after]`, the
 * before taken from a snapshot of the target when its type has a reader, null otherwise.
 */

export const REDACTED = '[redacted]';

/** What a row keeps of a value: JSON (`changes` is a jsonb column). */
export type LoggedValue =
  | string
  | number
  | boolean
  | null
  | LoggedValue[]
  | { [key: string]: LoggedValue };
export type AuditChanges = Record<string, [LoggedValue, LoggedValue]>;

/**
 * Secrets and codes never reach the log: passwords, tokens, keys, one-time codes and any `code`
 * (gift card and store-credit codes; coupon codes are keys to a discount too). A procedure's
 * own identifier (a currency's `code`) is its target id instead, never a change.
 */
const SECRET_FIELD = /pass(word)?|token|secret|(^|_)key$|otp|^code$/i;

/** Uploads and CSV imports would bloat the log; their size says enough. */
const LONGEST_KEPT_STRING = 500;

/** A value as the log keeps it: secrets redacted at any depth, long strings summarised. */
export function loggable(value: unknown, field?: string): LoggedValue {
  if (field !== undefined && SECRET_FIELD.test(field) && value != null) return REDACTED;
  if (typeof value === 'string' && value.length > LONGEST_KEPT_STRING) {
    return `[${value.length} characters]`;
  }
  if (Array.isArray(value)) return value.map((item) => loggable(item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, loggable(item, key)]),
    );
  }
  // Inputs arrive as parsed JSON: what is left is a string, number, boolean or null.
  return (value ?? null) as LoggedValue;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `{field: [before, after]}` for every field of the input but the target's id. */
export function changesOf(
  input: unknown,
  idField: string | undefined,
  before: Record<string, unknown> | undefined,
): AuditChanges {
  if (!isRecord(input)) return input === undefined ? {} : { input: [null, loggable(input)] };
  const changes: AuditChanges = {};
  for (const [field, after] of Object.entries(input)) {
    if (field === idField || after === undefined) continue;
    changes[field] = [loggable(before?.[field] ?? null, field), loggable(after, field)];
  }
  return changes;
}

/** A target id as the log stores it (text: ids are numbers, codes or countries). */
export function idValue(value: unknown): string | null {
  return typeof value === 'number' || typeof value === 'string' ? String(value) : null;
}
