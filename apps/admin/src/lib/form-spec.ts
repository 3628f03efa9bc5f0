/**
 * The back office's record forms (coupons, banners, currencies, …) described as data: one form
 * component renders any of them and one function turns what was typed into the procedure's
 * input. The server's zod schema stays the judge: this only shapes the values, and a 422's field
 * messages are shown next to the fields named here.
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'checkbox' | 'select' | 'datetime';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** An emptied field sends null (clears the value); otherwise it is left out. */
  nullable?: boolean;
  /** Shown on create only: the record's key (a currency's code) cannot change. */
  createOnly?: boolean;
  options?: readonly { value: string; label: string }[];
  defaultValue?: string | boolean;
  description?: string;
  step?: string;
}

export type FormValues = Record<string, string | boolean>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` input shows it: the browser's local time, to the minute. */
export function toLocalDateTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The form's starting values: the record's (when editing) or each field's default. */
export function initialValues(
  fields: readonly FieldSpec[],
  record?: Record<string, unknown>,
): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = record?.[field.name];
    if (field.kind === 'checkbox') {
      values[field.name] =
        typeof value === 'boolean' ? value : ((field.defaultValue as boolean | undefined) ?? false);
    } else if (value === undefined || value === null) {
      values[field.name] = (field.defaultValue as string | undefined) ?? '';
    } else if (field.kind === 'datetime') {
      values[field.name] = toLocalDateTime(String(value));
    } else {
      values[field.name] = String(value);
    }
  }
  return values;
}

/**
 * What the procedure receives: trimmed text, numbers, booleans, ISO instants; an empty field is
 * null when it may be cleared, left out otherwise (so the server's default or stored value holds).
 * Fields shown on create only are left out of an update.
 */
export function toInput(
  fields: readonly FieldSpec[],
  values: FormValues,
  mode: 'create' | 'update',
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    if (mode === 'update' && field.createOnly) continue;
    const value = values[field.name];
    if (field.kind === 'checkbox') {
      input[field.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') {
      if (field.nullable) input[field.name] = null;
      continue;
    }
    if (field.kind === 'number') {
      const number = Number(text);
      // Not a number: sent as typed, so the server's message names the field.
      input[field.name] = Number.isFinite(number) ? number : text;
    } else if (field.kind === 'datetime') {
      const instant = new Date(text);
      input[field.name] = Number.isNaN(instant.getTime()) ? text : instant.toISOString();
    } else {
      input[field.name] = text;
    }
  }
  return input;
}
