import { products, taxCategories, taxRules } from '@storefront/db/schema';
import { seedDemo } from '@storefront/db/seed/demo';
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from './harness';

/*
 * DEMO_SHOP=india (docs/gst-invoice.md): the demo catalogue in rupees, sold by a Bengaluru
 * company registered for GST, with the India GST preset's categories and rules.
 */

let seeded = false;
const app = useAdminApp({
  prepare: async (t) => {
    seeded = await seedDemo(t.db, { shop: 'india' });
  },
});

const categoryCodes = async () =>
  new Map((await app.t.db.select().from(taxCategories)).map((row) => [row.id, row.code] as const));

describe('the Indian demo shop', () => {
  it('seeds once, in rupees: INR is the only default', async () => {
    expect(seeded).toBe(true);
    expect(await seedDemo(app.t.db, { shop: 'india' })).toBe(false);
    const currency = await app.t.request('GET', '/currency/default');
    expect(currency.status).toBe(200);
    expect(currency.body.data).toMatchObject({
      code: 'INR',
      symbol: '₹',
      decimal_places: 2,
      exchange_rate: 1,
      is_default: true,
    });
    const all = await app.t.request('GET', '/currency');
    expect(all.body.data.filter((c: { is_default: boolean }) => c.is_default)).toHaveLength(1);
    expect(all.body.data.map((c: { code: string }) => c.code)).not.toContain('JPY');
  });

  it('holds the GST preset’s categories, with HSN codes, and exactly its rules for Karnataka', async () => {
    const categories = await app.t.db
      .select({ code: taxCategories.code, name: taxCategories.name, hsn: taxCategories.hsnCode })
      .from(taxCategories)
      .orderBy(taxCategories.id);
    expect(categories).toEqual([
      { code: 'GST0', name: 'GST 0 %', hsn: '4901' },
      { code: 'GST5', name: 'GST 5 %', hsn: '6109' },
      { code: 'GST18', name: 'GST 18 %', hsn: '8518' },
      { code: 'GST40', name: 'GST 40 %', hsn: '2202' },
    ]);
    const codes = await categoryCodes();
    const rules = new Map(
      (await app.t.db.select().from(taxRules).where(eq(taxRules.country, 'IN'))).map((rule) => [
        `${rule.taxCategoryId === null ? '*' : codes.get(rule.taxCategoryId)}/${rule.region}`,
        rule.components.map((c) => `${c.name} ${c.rateBasisPoints / 100}`).join(' + '),
      ]),
    );
    // The preset's eight, and GST 18 % on shipping and uncategorised lines.
    expect(Object.fromEntries(rules)).toEqual({
      'GST0/KA': '',
      'GST0/*': '',
      'GST5/KA': 'CGST 2.5 + SGST 2.5',
      'GST5/*': 'IGST 5',
      'GST18/KA': 'CGST 9 + SGST 9',
      'GST18/*': 'IGST 18',
      'GST40/KA': 'CGST 20 + SGST 20',
      'GST40/*': 'IGST 40',
      '*/KA': 'CGST 9 + SGST 9',
      '*/*': 'IGST 18',
    });
    // The back office's own preset, run for the GSTIN's state, finds nothing missing.
    const preset = await app.admin.admin.taxRules.presetIndiaGst.mutate({});
    expect(preset.data).toEqual({ categories_created: 0, rules_created: 0 });
  });

  it('is a Bengaluru shop: GSTIN, address, Asia/Kolkata, prices without tax, shipping taxed', async () => {
    const settings = (await app.admin.admin.settings.getTax.query()).data;
    expect(settings).toMatchObject({
      legal_name: 'Chai & Chapter Retail Pvt Ltd',
      tax_id: '29AAGCB7383J1Z4',
      time_zone: 'Asia/Kolkata',
      prices_include_tax: false,
      shipping_taxable: true,
      invoice_prefix: 'INV/',
      financial_year_start_month: 4,
    });
    expect(settings.address).toMatch(/Bengaluru 560034\nKarnataka, India$/);
  });

  it('gives every product a GST category: clothing and shoes 5 %, the rest 18 %', async () => {
    expect(await app.t.db.$count(products, isNull(products.taxCategoryId))).toBe(0);
    const codes = await categoryCodes();
    const rows = await app.t.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const codeOf = (name: string) => {
      const row = rows.find((product) => product.name === name);
      return row?.taxCategoryId ? codes.get(row.taxCategoryId) : undefined;
    };
    expect(codeOf('Organic Cotton T-Shirt')).toBe('GST5');
    expect(codeOf('Trail Hiking Boots')).toBe('GST5');
    expect(codeOf('Aurora Wireless Headphones')).toBe('GST18');
    expect(codeOf('Cork Yoga Mat')).toBe('GST18');
    const admin = await app.admin.admin.products.get.query({
      id: rows.find((product) => product.name === 'Aurora Wireless Headphones')?.id ?? 0,
    });
    expect(admin.data).toMatchObject({ tax_category: 'GST18', hsn_code: '8518' });
  });
});
