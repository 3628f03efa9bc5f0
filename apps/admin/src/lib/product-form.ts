/**
 * A product's variants as the form edits them: one row per variant, its options typed as
 * "size=M, color=Red". Parsing happens here so a typo is shown on the row before anything is sent.
 */
export interface VariantRow {
  /** Set for a stored variant, absent for a new row. */
  id?: number;
  sku: string;
  price: string;
  special_price: string;
  stock: string;
  options: string;
}

export function emptyVariantRow(): VariantRow {
  return { sku: '', price: '', special_price: '', stock: '0', options: '' };
}

export function formatOptions(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([code, value]) => `${code}=${value}`)
    .join(', ');
}

/** "size=M, color=Red" → { size: 'M', color: 'Red' }; a message when a part is not code=value. */
export function parseOptions(
  text: string,
): { options: Record<string, string> } | { error: string } {
  const options: Record<string, string> = {};
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const [code, ...rest] = part.split('=');
    const value = rest.join('=').trim();
    const key = (code ?? '').trim().toLowerCase();
    if (key === '' || value === '') {
      return { error: `"${part.trim()}" is not an option: write it as code=value, e.g. size=M.` };
    }
    if (key in options) return { error: `"${key}" is given twice.` };
    options[key] = value;
  }
  if (Object.keys(options).length === 0) return { error: 'Give at least one option, e.g. size=M.' };
  return { options };
}

export interface VariantInput {
  sku: string;
  price: number;
  special_price: number | null;
  stock: number;
  options: Record<string, string>;
}

/** The row as `variants.add`/`update` (or create's `variants`) take it, or the row's error. */
export function variantInput(row: VariantRow): { input: VariantInput } | { error: string } {
  const parsed = parseOptions(row.options);
  if ('error' in parsed) return parsed;
  const specialPrice = row.special_price.trim();
  return {
    input: {
      sku: row.sku.trim(),
      price: Number(row.price),
      special_price: specialPrice === '' ? null : Number(specialPrice),
      stock: row.stock.trim() === '' ? 0 : Number(row.stock),
      options: parsed.options,
    },
  };
}
