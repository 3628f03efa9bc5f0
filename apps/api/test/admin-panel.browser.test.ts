import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAdmin, registerCustomer, type TestApp } from './harness';
import {
  failedShotName,
  openPanelBrowser,
  PANEL_DIR,
  type PanelBrowser,
  panelSkipReason as skipReason,
} from './support/admin-panel';
import { prepareCheckout } from './support/shop';

/**
 * The back office end to end in Chromium, on a fresh database: each step is done in the panel
 * and checked where the mobile app would see it, over REST. Any request to another host fails
 * the test (the panel bundles its fonts and icons).
 */
describe.skipIf(skipReason)(
  `the admin panel in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let t: TestApp;
    let baseUrl: string;
    let close: () => Promise<void>;
    let panel: PanelBrowser;
    let page: Page;
    let admin: { email: string; password: string };
    let customer: Awaited<ReturnType<typeof registerCustomer>>;

    beforeAll(async () => {
      t = await createTestApp({ adminPanelDir: PANEL_DIR });
      await createCurrency(t.db, { code: 'USD', isDefault: true });
      await seedStoreSetup(t.db);
      const server = await t.listen();
      baseUrl = server.baseUrl;
      close = () => server.close();
      admin = await registerAdmin(t);
      customer = await registerCustomer(t);
      panel = await openPanelBrowser();
      page = panel.page;
    }, 60_000);

    // A failed step leaves its page behind for a look.
    afterEach(async ({ task }) => {
      if (task.result?.state === 'fail') await shot(failedShotName(task.name));
    });

    afterAll(async () => {
      await panel?.browser.close();
      await close?.();
      await t?.close();
    });

    const shot = (name: string) => panel.shot(name);
    const nav = (name: string) => panel.nav(name);
    const signIn = (email: string, password: string) => panel.signIn(email, password);

    it('signs an admin in to the dashboard, the mobile app not connected yet', async () => {
      const response = await page.goto(`${baseUrl}/admin/`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await signIn(admin.email, admin.password);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.getByText('Mobile app').waitFor();
      await page.getByText('Not connected').waitFor();
      for (const name of ['Dashboard', 'Orders', 'Products', 'Customers', 'Settings']) {
        expect(await nav(name).count()).toBe(1);
      }
      await shot('dashboard');
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    });

    it('turns the dashboard to "Connected" after a heartbeat through REST', async () => {
      const beat = await t.request('POST', '/system/api-sync/heartbeat', {
        token: customer.token,
        body: { connected: true, last_status: 'ok', last_message: 'Catalogue synced' },
      });
      expect(beat.status).toBe(200);
      // The dashboard refreshes by itself (every 5 s): no reload.
      await page.getByText('Connected', { exact: true }).waitFor({ timeout: 15_000 });
      await page.getByText('Catalogue synced').waitFor();
      await shot('dashboard-connected');
    });

    it('processes and ships an order placed through REST; tracking shows the number', async () => {
      // No image on another host: the product list shows thumbnails and no request may leave.
      const product = await createProduct(t.db, {
        priceCents: 2500,
        stockQuantity: 10,
        images: [],
      });
      const buyer = await registerCustomer(t);
      await t.request('POST', '/cart/add', {
        token: buyer.token,
        body: { product_id: product.id, quantity: 1 },
      });
      await prepareCheckout(t, buyer.token, { paymentMethod: 'cod' });
      const placed = await t.request('POST', '/checkout/place-order', { token: buyer.token });
      expect(placed.status).toBe(201);
      const { order_id: orderId, order_number: orderNumber } = placed.body.data;

      await nav('Orders').click();
      await page.getByLabel('Search').fill(buyer.email);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('link', { name: orderNumber }).waitFor();
      expect(page.url()).toContain('search=');
      await shot('orders');
      await page.getByRole('link', { name: orderNumber }).click();
      await page.getByRole('heading', { name: `Order ${orderNumber}` }).waitFor();

      // A shop without Razorpay sends no payment link: the server's refusal is shown (issue 40).
      await page.getByRole('button', { name: 'Send payment link' }).click();
      await page
        .getByText(/cannot be paid online/)
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Process' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Ship' }).isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'Ship' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ship order' });
      await dialog.getByLabel('Carrier').fill('DHL');
      await dialog.getByLabel('Tracking number').fill('JD014600006281');
      await dialog.getByLabel('Tracking URL').fill('https://dhl.example/t/JD014600006281');
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => page.getByRole('button', { name: 'Complete' }).isEnabled())
        .toBe(true);
      await page.getByText('JD014600006281').first().waitFor();
      await shot('order-detail');

      const tracking = await t.request('GET', `/customer/orders/${orderId}/track`, {
        token: buyer.token,
      });
      expect(tracking.status).toBe(200);
      expect(tracking.body.data).toMatchObject({
        status: 'shipped',
        carrier: 'DHL',
        tracking_number: 'JD014600006281',
      });
      expect(tracking.body.data.events.map((e: { status: string }) => e.status)).toEqual([
        'pending',
        'processing',
        'shipped',
      ]);
    });

    it('creates a product that GET /search then finds', async () => {
      const name = `Panel Lantern ${Date.now()}`;
      await nav('Products').click();
      await page.getByRole('heading', { name: 'Products' }).waitFor();
      await shot('products');
      await page.getByRole('link', { name: 'New product' }).click();
      await page.getByLabel('SKU').fill(`PANEL-${Date.now()}`);
      await page.getByLabel('Name').fill(name);
      await page.getByRole('spinbutton', { name: 'Price', exact: true }).fill('42.50');
      await page.getByLabel('Stock').fill('7');
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.getByRole('heading', { name }).waitFor();
      await shot('product-edit');

      const search = await t.request('GET', `/search?q=${encodeURIComponent(name)}`);
      expect(search.status).toBe(200);
      expect(search.body.data.map((p: { name: string }) => p.name)).toContain(name);
      const found = search.body.data.find((p: { name: string }) => p.name === name);
      expect(found).toMatchObject({ price: 42.5, stock_quantity: 7 });
    });

    it('switches the wishlist off: POST /customer/wishlist/add answers 403', async () => {
      const product = await createProduct(t.db, { stockQuantity: 3, images: [] });
      const before = await t.request('POST', '/customer/wishlist/add', {
        token: customer.token,
        body: { product_id: product.id },
      });
      expect(before.status).toBe(201);
      await nav('Settings').click();
      const wishlist = page.getByRole('switch', { name: 'Wishlist' });
      await wishlist.waitFor();
      expect(await wishlist.isChecked()).toBe(true);
      await wishlist.click({ force: true });
      await expect.poll(() => wishlist.isChecked()).toBe(false);
      await expect.poll(() => wishlist.isEnabled()).toBe(true);
      await shot('settings');
      const after = await t.request('POST', '/customer/wishlist/add', {
        token: customer.token,
        body: { product_id: product.id },
      });
      expect(after.status).toBe(403);
      expect(after.body.error_code).toBe('FEATURE_DISABLED');
    });

    it('builds a category tree and a coupon through their dialogs', async () => {
      await nav('Categories').click();
      await page.getByRole('button', { name: 'New category' }).click();
      let dialog = page.getByRole('dialog', { name: 'New category' });
      await dialog.getByLabel('Name').fill('Lighting');
      await dialog.getByRole('button', { name: 'Create category' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'New category' }).click();
      dialog = page.getByRole('dialog', { name: 'New category' });
      await dialog.getByLabel('Name').fill('Lanterns');
      await dialog.getByLabel('Parent').selectOption({ label: 'Lighting' });
      await dialog.getByRole('button', { name: 'Create category' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Rename Lanterns' }).waitFor();
      await shot('categories');
      const tree = (await t.request('GET', '/categories/tree')).body.data;
      const lighting = tree.find((c: { name: string }) => c.name === 'Lighting');
      expect(lighting.children.map((c: { name: string }) => c.name)).toEqual(['Lanterns']);

      await nav('Coupons').click();
      await page.getByRole('button', { name: 'New coupon' }).click();
      dialog = page.getByRole('dialog', { name: 'New coupon' });
      await dialog.getByLabel('Code').fill('PANEL10');
      await dialog.getByRole('spinbutton', { name: 'Value' }).fill('10');
      await dialog.getByRole('button', { name: 'Create coupon' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Edit PANEL10' }).waitFor();
      await shot('coupons');
      // A second one with the same code: the server's message shows in the dialog.
      await page.getByRole('button', { name: 'New coupon' }).click();
      dialog = page.getByRole('dialog', { name: 'New coupon' });
      await dialog.getByLabel('Code').fill('PANEL10');
      await dialog.getByRole('spinbutton', { name: 'Value' }).fill('5');
      await dialog.getByRole('button', { name: 'Create coupon' }).click();
      await dialog.getByText(/already/i).waitFor();
      await shot('coupon-refused');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('renders every other page from the navigation', async () => {
      const pages = [
        'Returns',
        'Banners',
        'Customers',
        'Reviews',
        'Notifications',
        'Currencies',
        'Shipping methods',
        'Tax rates',
        'Admins',
        'Failed jobs',
      ];
      for (const name of pages) {
        await nav(name).click();
        await page.getByRole('heading', { name, exact: true }).waitFor();
        await page.getByLabel('Loading').waitFor({ state: 'detached' });
        expect(await page.getByText('Could not load').count(), name).toBe(0);
        await shot(name.toLowerCase().replaceAll(' ', '-'));
      }
    });

    it('issues a gift card shown once, which the app can then look up; sets loyalty rates; adjusts a customer', async () => {
      await t.services.storeSettings.features.setFeature('gift_cards', true);
      await t.services.storeSettings.features.setFeature('loyalty_points', true);
      await nav('Gift cards').click();
      await page.getByRole('button', { name: 'New gift card' }).click();
      const dialog = page.getByRole('dialog', { name: 'New gift card' });
      await dialog.getByRole('spinbutton', { name: 'Amount' }).fill('25');
      await dialog.getByRole('button', { name: 'Create gift card' }).click();
      await dialog.waitFor({ state: 'detached' });
      const code = (await page.getByTestId('issued-code').textContent()) ?? '';
      expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
      await shot('gift-cards');
      const balance = await t.request('POST', '/gift-cards/balance', {
        token: customer.token,
        body: { code },
      });
      expect(balance.body.data).toMatchObject({ balance: 25, status: 'active' });

      await nav('Settings').click();
      const loyalty = page.getByRole('region', { name: 'Loyalty points' });
      await loyalty.getByRole('spinbutton', { name: 'Fewest points per redemption' }).fill('50');
      await loyalty.getByRole('button', { name: 'Save loyalty settings' }).click();
      await expect.poll(async () => (await t.services.loyalty.getSettings()).min_redeem).toBe(50);
      await shot('settings-loyalty');

      await nav('Customers').click();
      await page.getByRole('button', { name: `Points of ${customer.email}` }).click();
      const points = page.getByRole('dialog', { name: `Loyalty points of ${customer.email}` });
      await points.getByRole('spinbutton', { name: 'Points' }).fill('120');
      await points.getByLabel('Reason').fill('Goodwill');
      await points.getByRole('button', { name: 'Adjust points' }).click();
      await points.getByText('Balance: 120 points').waitFor();
      await shot('customer-loyalty');
      const account = await t.request('GET', '/customer/loyalty', { token: customer.token });
      expect(account.body.data).toMatchObject({ balance: 120, history: [{ reason: 'adjusted' }] });
      await page.keyboard.press('Escape');
      await points.waitFor({ state: 'detached' });
    });

    it('signs out; a customer account cannot sign in; no request left this machine', async () => {
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await signIn(customer.email, customer.password);
      await expect
        .poll(() => page.getByRole('alert').textContent())
        .toContain('not an admin account');
      expect(page.url()).toContain('/admin/sign-in');
      await shot('sign-in-refused');
      expect(panel.external).toEqual([]);
      expect(panel.pageErrors).toEqual([]);
    });
  },
);
