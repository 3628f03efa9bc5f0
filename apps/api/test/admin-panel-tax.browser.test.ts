import { readFile } from 'node:fs/promises';
import { createProduct } from '@storefront/db/testing/factories';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type adminClient, expectFieldError, registerCustomer, type TestApp } from './harness';
import { type PanelBrowser, panelSkipReason as skipReason } from './support/admin-panel';
import { usePanelApp } from './support/panel-app';
import { prepareCheckout } from './support/shop';

/** A published Karnataka GSTIN (state code 29): the preset's own state comes from it. */
const GSTIN = '29AAGCB7383J1Z4';

/**
 * The tax pages end to end in Chromium (issue 37), on a fresh database: each step is done in the
 * panel and checked through the procedures an internal tool would call, and in the database
 * where the procedures do not show it. Run apart from admin-panel.browser.test.ts so each file
 * stays one readable story.
 */
describe.skipIf(skipReason)(
  `the admin panel's tax pages in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const session = usePanelApp({ currency: 'INR' });
    let t: TestApp;
    let baseUrl: string;
    let panel: PanelBrowser;
    let page: Page;
    let admin: { email: string; password: string };
    let api: ReturnType<typeof adminClient>;
    beforeAll(() => {
      ({ t, baseUrl, panel, page, admin, api } = session);
    });

    const nav = (name: string) => panel.nav(name);

    it("sets the shop's tax identity in Settings", async () => {
      await page.goto(`${baseUrl}/admin/`);
      await panel.signIn(admin.email, admin.password);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await nav('Settings').click();
      const tax = page.getByRole('region', { name: 'Tax and invoices' });
      await tax.getByLabel('Legal name').fill('Panel Lamps Private Limited');
      await tax.getByLabel('Address').fill('12 MG Road\nBengaluru 560001');
      await tax.getByLabel('GSTIN or VAT number').fill(GSTIN.toLowerCase());
      await tax.getByRole('spinbutton', { name: 'Financial year starts in month' }).fill('4');
      // Invoiced at placement: the register step's cash-on-delivery order has a number at once.
      await tax.getByLabel('Invoice an order').selectOption('placement');
      await tax.getByRole('button', { name: 'Save tax settings' }).click();
      await tax.getByRole('status').filter({ hasText: 'Tax settings saved.' }).waitFor();
      await panel.shot('settings-tax');
      const { data } = await api.admin.settings.getTax.query();
      expect(data).toMatchObject({
        legal_name: 'Panel Lamps Private Limited',
        address: '12 MG Road\nBengaluru 560001',
        tax_id: GSTIN,
        financial_year_start_month: 4,
        invoice_at: 'placement',
      });
    });

    it('creates a tax category with its HSN code', async () => {
      await nav('Tax categories').click();
      await page.getByRole('heading', { name: 'Tax categories', exact: true }).waitFor();
      await page.getByRole('button', { name: 'New tax category' }).click();
      const dialog = page.getByRole('dialog', { name: 'New tax category' });
      await dialog.getByLabel(/^Code/).fill('LAMP12');
      await dialog.getByLabel('Name').fill('Lamps and light fittings');
      await dialog.getByLabel('HSN/SAC code').fill('9405');
      await dialog.getByRole('button', { name: 'Create tax category' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Edit LAMP12' }).waitFor();
      await panel.shot('tax-categories');
      const { data } = await api.admin.taxCategories.list.query();
      expect(data).toContainEqual(
        expect.objectContaining({ code: 'LAMP12', hsn_code: '9405', products_count: 0 }),
      );
    });

    it("applies the India GST preset for the GSTIN's state", async () => {
      const rulesBefore = (await api.admin.taxRules.list.query()).data.length;
      const categoriesBefore = (await api.admin.taxCategories.list.query()).data.length;
      await nav('Tax rules').click();
      await page.getByRole('heading', { name: 'Tax rules', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Apply India GST preset' }).click();
      const said = page.getByRole('status').filter({ hasText: /^Created \d+ categories/ });
      await said.waitFor();
      // Karnataka (29) is the shop's own state: CGST + SGST there, IGST elsewhere in India.
      await page.getByRole('button', { name: 'Edit IN / KA / GST18' }).waitFor();
      await page.getByRole('button', { name: 'Edit IN / * / GST18' }).waitFor();
      await panel.shot('tax-rules-preset');
      const { data: rules } = await api.admin.taxRules.list.query();
      const gst18 = rules.filter((r) => r.country === 'IN' && r.tax_category === 'GST18');
      expect(gst18.map((r) => [r.region, r.components])).toEqual(
        expect.arrayContaining([
          [
            'KA',
            [
              { name: 'CGST', rate: 9 },
              { name: 'SGST', rate: 9 },
            ],
          ],
          ['*', [{ name: 'IGST', rate: 18 }]],
        ]),
      );
      const { data: categories } = await api.admin.taxCategories.list.query();
      expect(await said.textContent()).toBe(
        `Created ${categories.length - categoriesBefore} categories and ${rules.length - rulesBefore} rules.`,
      );
      expect(categories.map((c) => c.code)).toEqual(
        expect.arrayContaining(['GST0', 'GST5', 'GST18', 'GST40', 'LAMP12']),
      );
    });

    it('creates a rule with two components through the form and lists it', async () => {
      await page.getByRole('button', { name: 'New tax rule' }).click();
      const dialog = page.getByRole('dialog', { name: 'New tax rule' });
      await dialog.getByLabel('Country').fill('IN');
      await dialog.getByLabel('Region').fill('KA');
      await dialog.getByLabel('Tax category').selectOption('LAMP12');
      await dialog.getByLabel('Component 1 name').fill('CGST');
      await dialog.getByLabel('Component 1 rate (%)').fill('6');
      await dialog.getByRole('button', { name: 'Add component' }).click();
      await dialog.getByLabel('Component 2 name').fill('SGST');
      await dialog.getByLabel('Component 2 rate (%)').fill('6');
      await panel.shot('tax-rule-form');
      await dialog.getByRole('button', { name: 'Create tax rule' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({
        has: page.getByRole('button', { name: 'Edit IN / KA / LAMP12' }),
      });
      await row.getByText('CGST 6% + SGST 6%').waitFor();
      await row.getByText('12%').waitFor();
      await panel.shot('tax-rules');
      const { data } = await api.admin.taxRules.list.query();
      expect(data).toContainEqual(
        expect.objectContaining({
          country: 'IN',
          region: 'KA',
          tax_category: 'LAMP12',
          components: [
            { name: 'CGST', rate: 6 },
            { name: 'SGST', rate: 6 },
          ],
        }),
      );
    });

    it("shows the server's message next to a rate over 100 %", async () => {
      const before = (await api.admin.taxRules.list.query()).data.length;
      // What the server says of such a rate, to find it on the page word for word.
      const refused = await expectFieldError(
        api.admin.taxRules.create.mutate({
          country: 'IN',
          region: '*',
          tax_category: 'LAMP12',
          components: [{ name: 'IGST', rate: 120 }],
        }),
        'components.0.rate',
      );
      const message = refused.data?.errors?.['components.0.rate']?.[0] ?? '';
      await page.getByRole('button', { name: 'New tax rule' }).click();
      const dialog = page.getByRole('dialog', { name: 'New tax rule' });
      await dialog.getByLabel('Country').fill('IN');
      await dialog.getByLabel('Tax category').selectOption('LAMP12');
      await dialog.getByLabel('Component 1 name').fill('IGST');
      const rate = dialog.getByLabel('Component 1 rate (%)');
      await rate.fill('120');
      await dialog.getByRole('button', { name: 'Create tax rule' }).click();
      await expect.poll(() => rate.getAttribute('aria-invalid')).toBe('true');
      // The message is the rate input's own description (Mantine links it by aria-describedby).
      const describedBy = (await rate.getAttribute('aria-describedby')) ?? '';
      const texts = await Promise.all(
        describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
      );
      expect(texts).toContain(message);
      expect(await dialog.getByLabel('Component 1 name').getAttribute('aria-invalid')).not.toBe(
        'true',
      );
      await panel.shot('tax-rule-refused');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect((await api.admin.taxRules.list.query()).data).toHaveLength(before);
    });

    it("sets a product's tax category and shows its HSN code", async () => {
      // No image: the factory's would be fetched from another host.
      const product = await createProduct(t.db, {
        priceCents: 149_900,
        stockQuantity: 5,
        images: [],
      });
      await page.goto(`${baseUrl}/admin/products/${product.id}`);
      await page.getByRole('heading', { name: product.name }).waitFor();
      const details = page.getByRole('region', { name: 'Details' });
      await details.getByLabel('Tax category').selectOption('LAMP12');
      await details.getByText('HSN/SAC 9405').waitFor();
      await details.getByRole('button', { name: 'Save product' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await page.getByText(/Tax LAMP12 · HSN 9405/).waitFor();
      await panel.shot('product-tax-category');
      const { data } = await api.admin.products.get.query({ id: product.id });
      expect(data).toMatchObject({ tax_category: 'LAMP12', hsn_code: '9405' });
      const { data: categories } = await api.admin.taxCategories.list.query();
      expect(categories.find((c) => c.code === 'LAMP12')?.products_count).toBe(1);
    });

    it('refuses to delete a category in use, saying why', async () => {
      await nav('Tax categories').click();
      page.once('dialog', (dialog) => dialog.accept());
      await page.getByRole('button', { name: 'Delete LAMP12' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'This tax category is in use' });
      await alert.waitFor();
      await panel.shot('tax-category-in-use');
      const { data } = await api.admin.taxCategories.list.query();
      expect(data.map((c) => c.code)).toContain('LAMP12');
    });

    it('downloads the invoice register of a date range from Orders', async () => {
      const product = await createProduct(t.db, { priceCents: 2500, stockQuantity: 10 });
      const buyer = await registerCustomer(t);
      await t.request('POST', '/cart/add', {
        token: buyer.token,
        body: { product_id: product.id, quantity: 2 },
      });
      await prepareCheckout(t, buyer.token, { paymentMethod: 'cod' });
      const placed = await t.request('POST', '/checkout/place-order', { token: buyer.token });
      expect(placed.status).toBe(201);
      // Yesterday to tomorrow: the shop's calendar day may differ from this machine's.
      const day = (offset: number) =>
        new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const range = { from: day(-1), to: day(1) };

      await nav('Orders').click();
      const register = page.getByRole('region', { name: 'Invoice register' });
      await register.getByLabel('Invoices from').fill(range.from);
      await register.getByLabel('Invoices to').fill(range.to);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        register.getByRole('button', { name: 'Download invoice register' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`invoice-register-${range.from}-${range.to}.csv`);
      const csv = await readFile(await download.path(), 'utf8');
      const { data } = await api.admin.orders.invoices.query(range);
      expect(data.rows).toEqual([
        expect.objectContaining({
          type: 'invoice',
          order_number: placed.body.data.order_number,
          total: placed.body.data.total,
        }),
      ]);
      expect(csv).toBe(data.csv);
      expect(csv).toContain(data.rows[0]?.number);
      await register.getByRole('status').filter({ hasText: '1 row (' }).waitFor();
      await panel.shot('orders-invoice-register');
    });

    it('made no request to another host and raised no page error', () => {
      expect(panel.external).toEqual([]);
      expect(panel.pageErrors).toEqual([]);
    });
  },
);
