import { products, taxCategories, taxRules, taxSettings } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFieldError, trpcFailure, useAdminApp } from './harness';

// Admin procedures of the tax slice over /trpc (issue 37; docs/tax.md, "Administering tax").
const app = useAdminApp({
  prepare: async (t) => {
    await createCurrency(t.db, { code: 'USD', isDefault: true });
    await seedStoreSetup(t.db);
  },
});

const categoryRow = async (code: string) => {
  const [row] = await app.t.db.select().from(taxCategories).where(eq(taxCategories.code, code));
  return row;
};
const ruleRows = (country: string, region: string) =>
  app.t.db
    .select()
    .from(taxRules)
    .where(and(eq(taxRules.country, country), eq(taxRules.region, region)));
const expectConflict = async (call: Promise<unknown>, code: string) => {
  const error = await trpcFailure(call);
  expect(error.data?.httpStatus).toBe(409);
  expect(error.data?.error_code).toBe(code);
  return error;
};
const KARNATAKA_GSTIN = '29AAGCB7383J1Z4';
const MAHARASHTRA_GSTIN = '27AAPFU0939F1ZV';

describe('admin tax procedures', () => {
  it('are the admin’s: a customer gets 403 and changes nothing', async () => {
    const calls = [
      () => app.customer.admin.taxCategories.list.query(),
      () => app.customer.admin.taxCategories.create.mutate({ code: 'NOPE', name: 'Nope' }),
      () => app.customer.admin.taxRules.list.query(),
      () =>
        app.customer.admin.taxRules.create.mutate({
          country: 'DE',
          components: [{ name: 'VAT', rate: 7 }],
        }),
      () => app.customer.admin.taxRules.presetIndiaGst.mutate({ state: 'KA' }),
      () => app.customer.admin.settings.getTax.query(),
      () => app.customer.admin.settings.updateTax.mutate({ legal_name: 'Mine now' }),
    ];
    for (const call of calls) expect((await trpcFailure(call())).data?.httpStatus).toBe(403);
    expect(await categoryRow('NOPE')).toBeUndefined();
    expect(await app.t.db.$count(taxSettings)).toBe(0);
  });
});

describe('admin.taxCategories', () => {
  it('creates (code upper-cased), lists with product counts, updates and deletes', async () => {
    const created = await app.admin.admin.taxCategories.create.mutate({
      code: ' books ',
      name: 'Printed books',
      hsn_code: '4901',
    });
    expect(created.data).toEqual({
      id: expect.any(Number),
      code: 'BOOKS',
      name: 'Printed books',
      hsn_code: '4901',
      products_count: 0,
    });
    const id = created.data.id;
    await app.t.db
      .update(products)
      .set({ taxCategoryId: id })
      .where(eq(products.id, (await createProduct(app.t.db)).id));
    const listed = (await app.admin.admin.taxCategories.list.query()).data;
    expect(listed.find((c) => c.id === id)).toMatchObject({ code: 'BOOKS', products_count: 1 });

    const updated = await app.admin.admin.taxCategories.update.mutate({
      id,
      code: 'book_s',
      hsn_code: null,
    });
    expect(updated.data).toEqual({
      id,
      code: 'BOOK_S',
      name: 'Printed books',
      hsn_code: null,
      products_count: 1,
    });
    expect(await categoryRow('BOOK_S')).toMatchObject({ id, hsnCode: null });

    const spare = await app.admin.admin.taxCategories.create.mutate({ code: 'SPARE', name: 'x' });
    expect(
      (await app.admin.admin.taxCategories.delete.mutate({ id: spare.data.id })).data,
    ).toBeNull();
    expect(await categoryRow('SPARE')).toBeUndefined();
  });

  it('answers 409 for a taken code and for a category in use, 404 for none, 422 for bad fields', async () => {
    const food = await app.admin.admin.taxCategories.create.mutate({ code: 'FOOD', name: 'Food' });
    const duplicate = await expectConflict(
      app.admin.admin.taxCategories.create.mutate({ code: 'food', name: 'Again' }),
      'TAX_CATEGORY_EXISTS',
    );
    expect(duplicate.data?.errors).toHaveProperty('code');
    const other = await app.admin.admin.taxCategories.create.mutate({ code: 'DRINK', name: 'D' });
    await expectConflict(
      app.admin.admin.taxCategories.update.mutate({ id: other.data.id, code: 'FOOD' }),
      'TAX_CATEGORY_EXISTS',
    );
    expect(await categoryRow('DRINK')).toMatchObject({ id: other.data.id });

    // In use by a product, then by a rule: the category stays.
    const product = await createProduct(app.t.db);
    await app.t.db
      .update(products)
      .set({ taxCategoryId: food.data.id })
      .where(eq(products.id, product.id));
    const inUse = await expectConflict(
      app.admin.admin.taxCategories.delete.mutate({ id: food.data.id }),
      'TAX_CATEGORY_IN_USE',
    );
    expect(inUse.message).toBe('This tax category is used by products or tax rules.');
    await app.t.db.update(products).set({ taxCategoryId: null }).where(eq(products.id, product.id));
    await app.admin.admin.taxRules.create.mutate({
      country: 'GB',
      tax_category: 'FOOD',
      components: [{ name: 'VAT', rate: 0 }],
    });
    await expectConflict(
      app.admin.admin.taxCategories.delete.mutate({ id: food.data.id }),
      'TAX_CATEGORY_IN_USE',
    );
    expect(await categoryRow('FOOD')).toBeDefined();

    const missing = await trpcFailure(app.admin.admin.taxCategories.delete.mutate({ id: 999_999 }));
    expect(missing.data?.httpStatus).toBe(404);
    const noSuch = await trpcFailure(
      app.admin.admin.taxCategories.update.mutate({ id: 999_999, name: 'x' }),
    );
    expect(noSuch.data?.httpStatus).toBe(404);
    await expectFieldError(
      app.admin.admin.taxCategories.create.mutate({ code: 'two words', name: 'x' }),
      'code',
    );
    await expectFieldError(
      app.admin.admin.taxCategories.create.mutate({ code: 'A'.repeat(33), name: 'x' }),
      'code',
    );
    for (const hsn of ['123', '12345', '1234567', 'ABCD']) {
      await expectFieldError(
        app.admin.admin.taxCategories.create.mutate({ code: 'HSNTEST', name: 'x', hsn_code: hsn }),
        'hsn_code',
      );
    }
    expect(await categoryRow('HSNTEST')).toBeUndefined();
  });
});

describe('admin.taxRules', () => {
  it('creates, lists, updates and deletes rules; Indian states by code or name', async () => {
    await app.admin.admin.taxCategories.create.mutate({ code: 'STD', name: 'Standard' });
    const intra = await app.admin.admin.taxRules.create.mutate({
      country: 'in',
      region: 'Karnataka',
      tax_category: 'std',
      components: [
        { name: 'CGST', rate: 9 },
        { name: 'SGST', rate: 9 },
      ],
    });
    expect(intra.data).toEqual({
      id: expect.any(Number),
      country: 'IN',
      region: 'KA',
      tax_category: 'STD',
      components: [
        { name: 'CGST', rate: 9 },
        { name: 'SGST', rate: 9 },
      ],
    });
    const [stored] = await ruleRows('IN', 'KA');
    expect(stored?.components).toEqual([
      { name: 'CGST', rateBasisPoints: 900 },
      { name: 'SGST', rateBasisPoints: 900 },
    ]);
    const californian = await app.admin.admin.taxRules.create.mutate({
      country: 'US',
      region: 'US-CA',
      components: [{ name: 'Sales tax', rate: 7.25 }],
    });
    expect(californian.data).toMatchObject({ region: 'CA', tax_category: '*' });
    const listed = (await app.admin.admin.taxRules.list.query()).data;
    expect(listed.map((r) => r.id)).toEqual(
      expect.arrayContaining([intra.data.id, californian.data.id]),
    );
    expect(listed.find((r) => r.country === 'DE')).toEqual({
      id: expect.any(Number),
      country: 'DE',
      region: '*',
      tax_category: '*',
      components: [{ name: 'German VAT', rate: 19 }],
    });

    const updated = await app.admin.admin.taxRules.update.mutate({
      id: intra.data.id,
      region: 'IN-TN',
      components: [
        { name: 'CGST', rate: 2.5 },
        { name: 'SGST', rate: 2.5 },
      ],
    });
    expect(updated.data).toMatchObject({ region: 'TN', tax_category: 'STD' });
    expect((await ruleRows('IN', 'TN'))[0]?.components).toEqual([
      { name: 'CGST', rateBasisPoints: 250 },
      { name: 'SGST', rateBasisPoints: 250 },
    ]);
    expect(
      (await app.admin.admin.taxRules.delete.mutate({ id: californian.data.id })).data,
    ).toBeNull();
    expect(await ruleRows('US', 'CA')).toEqual([]);
    expect(
      (await trpcFailure(app.admin.admin.taxRules.delete.mutate({ id: californian.data.id }))).data
        ?.httpStatus,
    ).toBe(404);
    expect(
      (await trpcFailure(app.admin.admin.taxRules.update.mutate({ id: 999_999, region: '*' }))).data
        ?.httpStatus,
    ).toBe(404);
  });

  it('refuses a second rule with the same key (409) and each bad field (422), storing nothing', async () => {
    const before = await app.t.db.$count(taxRules);
    await expectConflict(
      app.admin.admin.taxRules.create.mutate({
        country: 'GB',
        components: [{ name: 'VAT', rate: 5 }],
      }),
      'TAX_RULE_EXISTS',
    );
    const fr = await app.admin.admin.taxRules.create.mutate({
      country: 'FR',
      region: 'COR',
      components: [{ name: 'TVA', rate: 13 }],
    });
    await expectConflict(
      app.admin.admin.taxRules.update.mutate({ id: fr.data.id, region: '*' }),
      'TAX_RULE_EXISTS',
    );
    const vat = [{ name: 'VAT', rate: 5 }];
    const bad: Array<[Parameters<typeof app.admin.admin.taxRules.create.mutate>[0], string]> = [
      [{ country: 'ZZ', components: vat }, 'country'],
      [{ country: 'FRA', components: vat }, 'country'],
      [{ country: 'IN', region: 'Atlantis', components: vat }, 'region'],
      [{ country: '*', region: 'KA', components: vat }, 'region'],
      [{ country: 'US', region: 'not a code', components: vat }, 'region'],
      [{ country: 'DE', tax_category: 'NOSUCH', components: vat }, 'tax_category'],
      [
        { country: 'DE', region: 'BY', components: [{ name: 'VAT', rate: 100.5 }] },
        'components.0.rate',
      ],
      [
        { country: 'DE', region: 'BY', components: [{ name: 'VAT', rate: -1 }] },
        'components.0.rate',
      ],
      [
        { country: 'DE', region: 'BY', components: [{ name: 'VAT', rate: 2.555 }] },
        'components.0.rate',
      ],
      [{ country: 'DE', region: 'BY', components: [] }, 'components'],
      [
        {
          country: 'DE',
          region: 'BY',
          components: [1, 2, 3, 4, 5].map((n) => ({ name: `T${n}`, rate: 1 })),
        },
        'components',
      ],
      [
        { country: 'DE', region: 'BY', components: [{ name: 'X'.repeat(21), rate: 1 }] },
        'components.0.name',
      ],
      [{ country: 'DE', region: 'BY', components: [{ name: '', rate: 1 }] }, 'components.0.name'],
      [
        {
          country: 'DE',
          region: 'BY',
          components: [
            { name: 'VAT', rate: 1 },
            { name: 'vat', rate: 2 },
          ],
        },
        'components.1.name',
      ],
    ];
    for (const [input, field] of bad) {
      await expectFieldError(app.admin.admin.taxRules.create.mutate(input), field);
    }
    expect(await app.t.db.$count(taxRules)).toBe(before + 1);
  });

  it('presetIndiaGst creates the GST categories and rules once, for the given state or the GSTIN’s', async () => {
    const noState = await expectFieldError(
      app.admin.admin.taxRules.presetIndiaGst.mutate({}),
      'state',
    );
    expect(noState.data?.errors?.state).toEqual([
      'Give the shop’s state, or save its GSTIN in the tax settings first.',
    ]);
    await expectFieldError(
      app.admin.admin.taxRules.presetIndiaGst.mutate({ state: 'Atlantis' }),
      'state',
    );
    expect(await categoryRow('GST18')).toBeUndefined();

    const first = await app.admin.admin.taxRules.presetIndiaGst.mutate({ state: 'karnataka' });
    expect(first.data).toEqual({ categories_created: 4, rules_created: 8 });
    const gst18 = await categoryRow('GST18');
    expect(gst18).toMatchObject({ name: 'GST 18 %', hsnCode: null });
    const rulesOf = async (code: string) => {
      const category = await categoryRow(code);
      const rows = await app.t.db
        .select({ region: taxRules.region, components: taxRules.components })
        .from(taxRules)
        .where(and(eq(taxRules.country, 'IN'), eq(taxRules.taxCategoryId, category?.id ?? 0)))
        .orderBy(taxRules.region);
      return rows;
    };
    expect(await rulesOf('GST18')).toEqual([
      { region: '*', components: [{ name: 'IGST', rateBasisPoints: 1800 }] },
      {
        region: 'KA',
        components: [
          { name: 'CGST', rateBasisPoints: 900 },
          { name: 'SGST', rateBasisPoints: 900 },
        ],
      },
    ]);
    expect((await rulesOf('GST5'))[1]?.components).toEqual([
      { name: 'CGST', rateBasisPoints: 250 },
      { name: 'SGST', rateBasisPoints: 250 },
    ]);
    expect(await rulesOf('GST40')).toHaveLength(2);
    expect(await rulesOf('GST0')).toEqual([
      { region: '*', components: [] },
      { region: 'KA', components: [] },
    ]);
    // Exempt rules read back as rules with no components.
    const listed = (await app.admin.admin.taxRules.list.query()).data;
    expect(listed.filter((r) => r.tax_category === 'GST0').map((r) => r.components)).toEqual([
      [],
      [],
    ]);

    // An edited rule is left as it is; nothing new on a second run.
    const [igst5] = (await rulesOf('GST5')).filter((r) => r.region === '*');
    expect(igst5).toBeDefined();
    const edited = listed.find((r) => r.tax_category === 'GST5' && r.region === '*');
    await app.admin.admin.taxRules.update.mutate({
      id: edited?.id ?? 0,
      components: [{ name: 'IGST', rate: 6 }],
    });
    const again = await app.admin.admin.taxRules.presetIndiaGst.mutate({ state: 'IN-KA' });
    expect(again.data).toEqual({ categories_created: 0, rules_created: 0 });
    expect((await rulesOf('GST5'))[0]?.components).toEqual([
      { name: 'IGST', rateBasisPoints: 600 },
    ]);

    // No state given: the GSTIN's (27: Maharashtra) — only its intra-state rules are new.
    await app.admin.admin.settings.updateTax.mutate({ tax_id: MAHARASHTRA_GSTIN });
    const fromGstin = await app.admin.admin.taxRules.presetIndiaGst.mutate({});
    expect(fromGstin.data).toEqual({ categories_created: 0, rules_created: 4 });
    const maharashtra = await ruleRows('IN', 'MH');
    expect(maharashtra.map((r) => r.components.map((c) => c.name)).sort()).toEqual([
      [],
      ['CGST', 'SGST'],
      ['CGST', 'SGST'],
      ['CGST', 'SGST'],
    ]);
  });
});

describe('admin.settings tax', () => {
  it('reads the defaults, saves any subset and returns the whole', async () => {
    await app.t.db.delete(taxSettings);
    expect((await app.admin.admin.settings.getTax.query()).data).toEqual({
      legal_name: '',
      address: '',
      tax_id: null,
      prices_include_tax: false,
      shipping_taxable: false,
      invoice_prefix: 'INV/',
      credit_note_prefix: 'CN/',
      financial_year_start_month: 4,
      invoice_at: 'paid_or_shipped',
      time_zone: 'UTC',
    });
    const saved = await app.admin.admin.settings.updateTax.mutate({
      legal_name: 'Bengaluru Books Pvt Ltd',
      address: '1 MG Road\nBengaluru 560001',
      tax_id: ` ${KARNATAKA_GSTIN.toLowerCase()} `,
      prices_include_tax: true,
    });
    expect(saved.data).toEqual({
      legal_name: 'Bengaluru Books Pvt Ltd',
      address: '1 MG Road\nBengaluru 560001',
      tax_id: KARNATAKA_GSTIN,
      prices_include_tax: true,
      shipping_taxable: false,
      invoice_prefix: 'INV/',
      credit_note_prefix: 'CN/',
      financial_year_start_month: 4,
      invoice_at: 'paid_or_shipped',
      time_zone: 'UTC',
    });
    const next = await app.admin.admin.settings.updateTax.mutate({
      shipping_taxable: true,
      invoice_prefix: 'BB-',
      credit_note_prefix: 'BBC/',
      financial_year_start_month: 1,
      invoice_at: 'placement',
    });
    expect(next.data).toMatchObject({
      legal_name: 'Bengaluru Books Pvt Ltd',
      invoice_prefix: 'BB-',
    });
    const [row] = await app.t.db.select().from(taxSettings);
    expect(row).toMatchObject({
      id: 1,
      taxId: KARNATAKA_GSTIN,
      pricesIncludeTax: true,
      shippingTaxable: true,
      invoicePrefix: 'BB-',
      creditNotePrefix: 'BBC/',
      financialYearStartMonth: 1,
      invoiceAt: 'placement',
    });
    const vat = await app.admin.admin.settings.updateTax.mutate({ tax_id: 'DE123456789' });
    expect(vat.data.tax_id).toBe('DE123456789');
    expect(
      (await app.admin.admin.settings.updateTax.mutate({ tax_id: null })).data.tax_id,
    ).toBeNull();
  });

  it('refuses a wrong GSTIN, bad prefixes, months and invoicing moments, changing nothing', async () => {
    await app.admin.admin.settings.updateTax.mutate({
      tax_id: KARNATAKA_GSTIN,
      invoice_prefix: 'INV/',
      credit_note_prefix: 'CN/',
    });
    const before = await app.t.db.select().from(taxSettings);
    const typo = await expectFieldError(
      app.admin.admin.settings.updateTax.mutate({ tax_id: '29AAGCB7383J1Z5', legal_name: 'x' }),
      'tax_id',
    );
    expect(typo.data?.errors?.tax_id).toEqual([
      'The GSTIN’s check character does not match: a typo?',
    ]);
    const state = await expectFieldError(
      app.admin.admin.settings.updateTax.mutate({ tax_id: '99AAGCB7383J1Z4' }),
      'tax_id',
    );
    expect(state.data?.errors?.tax_id).toEqual([
      'A GSTIN starts with a GST state code, 01 to 38 or 97.',
    ]);
    await expectFieldError(
      app.admin.admin.settings.updateTax.mutate({ tax_id: 'VAT#1' }),
      'tax_id',
    );
    const zone = await expectFieldError(
      app.admin.admin.settings.updateTax.mutate({ time_zone: 'Mars/Olympus' }),
      'time_zone',
    );
    expect(zone.data?.errors?.time_zone).toEqual([
      'Mars/Olympus is not an IANA time zone, such as Asia/Kolkata or UTC.',
    ]);
    await expectFieldError(
      app.admin.admin.settings.updateTax.mutate({ invoice_prefix: 'INVOICE/' }),
      'invoice_prefix',
    );
    await expectFieldError(
      app.admin.admin.settings.updateTax.mutate({ invoice_prefix: 'IN V' }),
      'invoice_prefix',
    );
    await expectFieldError(
      app.admin.admin.settings.updateTax.mutate({ credit_note_prefix: 'CN_' }),
      'credit_note_prefix',
    );
    await expectFieldError(
      app.admin.admin.settings.updateTax.mutate({ credit_note_prefix: 'inv/' }),
      'credit_note_prefix',
    );
    await expectFieldError(
      app.admin.admin.settings.updateTax.mutate({ financial_year_start_month: 13 }),
      'financial_year_start_month',
    );
    await expectFieldError(
      app.admin.admin.settings.updateTax.mutate({ financial_year_start_month: 0 }),
      'financial_year_start_month',
    );
    await expectFieldError(
      app.admin.admin.settings.updateTax.mutate({ invoice_at: 'never' as 'placement' }),
      'invoice_at',
    );
    expect(await app.t.db.select().from(taxSettings)).toEqual(before);
  });
});

describe('a product’s tax category', () => {
  it('is set by code on create and update, cleared with null; unknown codes are 422', async () => {
    const category = await app.admin.admin.taxCategories.create.mutate({
      code: 'APPAREL',
      name: 'Clothing',
      hsn_code: '610910',
    });
    const created = await app.admin.admin.products.create.mutate({
      sku: 'TAX-TEE',
      name: 'Tax tee',
      price: 10,
      tax_category: 'apparel',
    });
    expect(created.data).toMatchObject({ tax_category: 'APPAREL', hsn_code: '610910' });
    const stored = async () =>
      (await app.t.db.select().from(products).where(eq(products.id, created.data.id)))[0]
        ?.taxCategoryId;
    expect(await stored()).toBe(category.data.id);
    const listed = await app.admin.admin.products.list.query({ search: 'TAX-TEE' });
    expect(listed.data[0]).toMatchObject({ tax_category: 'APPAREL', hsn_code: '610910' });
    expect(
      (await app.admin.admin.taxCategories.list.query()).data.find((c) => c.code === 'APPAREL')
        ?.products_count,
    ).toBe(1);

    await expectFieldError(
      app.admin.admin.products.update.mutate({
        id: created.data.id,
        tax_category: 'NOSUCH',
        name: 'Renamed',
      }),
      'tax_category',
    );
    expect(await stored()).toBe(category.data.id);
    expect((await app.admin.admin.products.get.query({ id: created.data.id })).data.name).toBe(
      'Tax tee',
    );

    const cleared = await app.admin.admin.products.update.mutate({
      id: created.data.id,
      tax_category: null,
    });
    expect(cleared.data).toMatchObject({ tax_category: null, hsn_code: null });
    expect(await stored()).toBeNull();
    const kept = await app.admin.admin.products.update.mutate({ id: created.data.id, name: 'Tee' });
    expect(kept.data.tax_category).toBeNull();

    await expectFieldError(
      app.admin.admin.products.create.mutate({
        sku: 'TAX-NONE',
        name: 'x',
        price: 1,
        tax_category: 'NOSUCH',
      }),
      'tax_category',
    );
    expect(await app.t.db.$count(products, eq(products.sku, 'TAX-NONE'))).toBe(0);
    const plain = await app.admin.admin.products.create.mutate({
      sku: 'TAX-PLAIN',
      name: 'Plain',
      price: 1,
    });
    expect(plain.data).toMatchObject({ tax_category: null, hsn_code: null });
    expect(
      await app.t.db.$count(
        products,
        and(eq(products.sku, 'TAX-PLAIN'), isNull(products.taxCategoryId)),
      ),
    ).toBe(1);
  });
});
