/**
 * The tax pages' form logic (docs/tax.md): a rule's components edited as rows, the server's
 * field messages placed on the row and input they name, the India GST preset's state choices,
 * the product form's tax category and the invoice register's date range. The server stays the
 * judge of every value: this only shapes what was typed and places what the server said.
 */
import { GST_STATE_CODES } from '@storefront/pricing';

/** `*` in a rule's region or category: any region, any (or no) category. */
export const ANY = '*';

export interface ComponentRow {
  name: string;
  /** A percentage as typed (9, 2.5). */
  rate: string;
}

export interface RuleDraft {
  country: string;
  region: string;
  tax_category: string;
  components: ComponentRow[];
}

export interface RuleInput {
  country: string;
  region: string;
  tax_category: string;
  components: { name: string; rate: number }[];
}

export interface StoredRule {
  country: string;
  region: string;
  tax_category: string;
  components: readonly { name: string; rate: number }[];
}

export const emptyComponentRow = (): ComponentRow => ({ name: '', rate: '' });

export function emptyRuleDraft(): RuleDraft {
  return { country: '', region: ANY, tax_category: ANY, components: [emptyComponentRow()] };
}

export function draftFromRule(rule: StoredRule): RuleDraft {
  return {
    country: rule.country,
    region: rule.region,
    tax_category: rule.tax_category,
    components: rule.components.map((c) => ({ name: c.name, rate: String(c.rate) })),
  };
}

/**
 * What `taxRules.create`/`update` receive: trimmed codes (an emptied region or category is `*`),
 * rows left wholly empty dropped (none left: the server says a rule needs one). A rate that cannot be read is sent as typed, so
 * the server's 422 names that row's rate — the one place the rate is not a number.
 */
export function ruleInput(draft: RuleDraft): RuleInput {
  const components = draft.components
    .filter((row) => row.name.trim() !== '' || row.rate.trim() !== '')
    .map((row) => {
      const text = row.rate.trim();
      const rate = Number(text);
      return {
        name: row.name.trim(),
        rate: (text !== '' && Number.isFinite(rate) ? rate : text) as number,
      };
    });
  return {
    country: draft.country.trim(),
    region: draft.region.trim() === '' ? ANY : draft.region.trim(),
    tax_category: draft.tax_category.trim() === '' ? ANY : draft.tax_category.trim(),
    components,
  };
}

export interface RuleErrors {
  country?: string;
  region?: string;
  tax_category?: string;
  /** About the list as a whole ("at least one", "a name given twice"). */
  components?: string;
  /** Per row, by the row's position in what was sent. */
  rows: { name?: string; rate?: string }[];
  /** Messages no input shows: placed above the button. */
  other: string[];
}

/**
 * The server's field messages (`components.1.rate` → the second row's rate) on the inputs that
 * show them. Rows dropped as empty by `ruleInput` shift positions, so `sentRows` maps a sent
 * position back to the row on screen.
 */
export function ruleErrors(
  errors: Readonly<Record<string, string>>,
  sentRows: readonly number[] = [],
): RuleErrors {
  const result: RuleErrors = { rows: [], other: [] };
  for (const [path, message] of Object.entries(errors)) {
    const row = /^components\.(\d+)\.(name|rate)$/.exec(path);
    if (row) {
      const sent = Number(row[1]);
      const index = sentRows[sent] ?? sent;
      const key = row[2] as 'name' | 'rate';
      result.rows[index] = { ...result.rows[index], [key]: message };
    } else if (/^components(\.\d+)?$/.test(path)) {
      result.components = join(result.components, message);
    } else if (path === 'country' || path === 'region' || path === 'tax_category') {
      result[path] = join(result[path], message);
    } else {
      result.other.push(message);
    }
  }
  return result;
}

const join = (before: string | undefined, message: string) =>
  before ? `${before} ${message}` : message;

/** The screen positions of the rows `ruleInput` sends (it drops the wholly empty ones). */
export function sentRowPositions(rows: readonly ComponentRow[]): number[] {
  return rows.flatMap((row, index) =>
    row.name.trim() !== '' || row.rate.trim() !== '' ? [index] : [],
  );
}

/** "CGST 9% + SGST 9%"; a rule without components (the GST preset's 0 %) is an exemption. */
export function describeComponents(components: readonly { name: string; rate: number }[]): string {
  if (components.length === 0) return 'Exempt';
  return components.map((c) => `${c.name} ${c.rate}%`).join(' + ');
}

/** The rule's total rate, to two decimals like the rates themselves (9 + 9 = 18, 2.5 + 2.5 = 5). */
export function totalRate(components: readonly { rate: number }[]): number {
  return Math.round(components.reduce((sum, c) => sum + c.rate * 100, 0)) / 100;
}

/**
 * The India GST preset's states, by ISO code (what a rule's region holds), Indian names sorted;
 * codes no longer issued are left out. The empty choice lets the server take the shop's GSTIN.
 */
export const INDIAN_STATES: readonly { value: string; label: string }[] = GST_STATE_CODES.filter(
  (state): state is typeof state & { iso: string } => !state.legacy && state.iso !== null,
)
  .map((state) => ({ value: state.iso.slice(3), label: `${state.name} (${state.gstCode})` }))
  .sort((a, b) => a.label.localeCompare(b.label));

export interface TaxCategoryChoice {
  code: string;
  name: string;
  hsn_code: string | null;
}

/** The product form's choices: none (only `*`-category rules apply), then each category. */
export function taxCategoryOptions(
  categories: readonly TaxCategoryChoice[],
): { value: string; label: string }[] {
  return [
    { value: '', label: 'None (rules for every category apply)' },
    ...categories.map((c) => ({
      value: c.code,
      label: c.hsn_code ? `${c.code} · ${c.name} · HSN ${c.hsn_code}` : `${c.code} · ${c.name}`,
    })),
  ];
}

/** The selected category's HSN/SAC, as the form says it under the select. */
export function hsnOf(categories: readonly TaxCategoryChoice[], code: string): string {
  if (code === '') return 'No tax category: invoices show no HSN code.';
  const category = categories.find((c) => c.code === code);
  if (!category) return '';
  return category.hsn_code ? `HSN/SAC ${category.hsn_code}` : `${category.code} has no HSN code.`;
}

/** The select's value as the product procedures take it: none is null (clears it). */
export const taxCategoryInput = (value: string): string | null => (value === '' ? null : value);

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The register's first range: this month so far, in the admin's own calendar. */
export function monthToDate(now: Date): { from: string; to: string } {
  return { from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)), to: isoDay(now) };
}

/** `invoice-register-2026-04-01-2026-04-30.csv`: the range it holds, sortable by name. */
export function registerFileName(range: { from: string; to: string }): string {
  return `invoice-register-${range.from}-${range.to}.csv`;
}
