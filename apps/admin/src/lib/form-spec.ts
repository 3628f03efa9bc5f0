/**
 * The back office's record forms (coupons, banners, currencies, …) described as data: one form
 * component renders any of them and one function turns what was typed into the procedure's
 * input. The server's zod schema stays the judge: this only shapes the values, and a 422's field
 * messages are shown next to the fields named here.
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'checkbox' | 'select' | 'datetime';

/** A field as the form renders it, whatever the procedure (what `FieldSpec<I>` checks becomes). */
export interface Field {
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
  /**
   * A text field holding an id: when the field named here says 'product' or 'category', a
   * searchable select of those replaces the text input (a banner's link).
   */
  pickBy?: string;
}

type Key<I> = Extract<keyof I, string>;
/** The keys the procedure may go without. */
type OptionalKey<I> = { [K in keyof I]-?: object extends Pick<I, K> ? K : never }[keyof I];

/** The input kinds that send a value of type V: a checkbox a boolean, a select one of V's. */
type KindFor<V> = [V] extends [boolean]
  ? { kind: 'checkbox'; defaultValue?: boolean }
  : [V] extends [number]
    ? { kind: 'number'; defaultValue?: string; step?: string }
    : [V] extends [string]
      ? string extends V
        ? { kind: 'text' | 'textarea' | 'datetime'; defaultValue?: string }
        : { kind: 'select'; options: readonly { value: V; label: string }[]; defaultValue?: V }
      : never;

/**
 * A field of the procedure input I, checked against the server's own type (`Inputs` in
 * api-types.ts): the name is one of I's keys, the kind sends that key's type (a select offers
 * only its values), `required` only where I requires the key, `nullable` only where I takes null.
 */
export type FieldSpec<I> = Field &
  {
    [K in Key<I>]-?: {
      name: K;
      required?: K extends OptionalKey<I> ? false : boolean;
      nullable?: null extends I[K] ? boolean : false;
    } & KindFor<Exclude<I[K], null | undefined>>;
  }[Key<I>];

/**
 * A procedure's field list, checked whole: besides each field (FieldSpec), every key the input
 * requires has one, so a form cannot leave out what the procedure needs.
 */
export function fieldsOf<I>() {
  return <const L extends readonly FieldSpec<I>[]>(
    list: L & ([Unlisted<I, L>] extends [never] ? unknown : { missingField: Unlisted<I, L> }),
  ): readonly FieldSpec<I>[] => list;
}
/** The keys I requires that the list L has no field for. */
type Unlisted<I, L extends readonly Field[]> = Exclude<
  Exclude<Key<I>, OptionalKey<I>>,
  L[number]['name']
>;

export type FormValues = Record<string, string | boolean>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` input shows it: the browser's local time, to the minute. */
export function toLocalDateTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The form's starting values: the record's (when editing) or each field's default. */
export function initialValues(
  fields: readonly Field[],
  record?: Readonly<Record<string, unknown>>,
): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = record?.[field.name];
    if (field.kind === 'checkbox') {
      values[field.name] = typeof value === 'boolean' ? value : field.defaultValue === true;
    } else if (value === undefined || value === null) {
      values[field.name] = typeof field.defaultValue === 'string' ? field.defaultValue : '';
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
  fields: readonly Field[],
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

/**
 * The form's input as the procedure's type I. TypeScript cannot follow a loop that builds an
 * object key by key, so this is the one place the panel takes the form's word for it; the word
 * is kept by the types above (every field is one of I's keys, of a kind that sends that key's
 * type; the pages' lists, made with `fieldsOf`, have a field for every key I requires). What it
 * does not promise is on purpose: a required field left empty is left out, a number or instant
 * that cannot be read is sent as typed (so the server's 422 names the field), and an update
 * leaves out the create-only fields.
 */
export function procedureInput<I>(
  fields: readonly FieldSpec<I>[],
  values: FormValues,
  mode: 'create' | 'update',
): I {
  return toInput(fields, values, mode) as I;
}
