import { createProduct } from '@storefront/db/testing/factories';
import type { FileStorage } from '@storefront/routers/ports';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/adapters/storage';
import { type adminClient, registerCustomer, type TestApp } from './harness';
import { type PanelBrowser, panelSkipReason as skipReason } from './support/admin-panel';
import { usePanelApp } from './support/panel-app';
import { prepareCheckout } from './support/shop';

/**
 * The panel for people (issue 41) in Chromium on a fresh database: the dashboard's chart drawn
 * from orders placed through REST, an image dropped on the product form shown as the thumbnail
 * of the product list, the order lines, the best sellers and the picker's search results, and a
 * product chosen in a picker by typing its name.
 */
describe.skipIf(skipReason)(
  `the admin panel's chart, images and pickers in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let lamp: { id: number; sku: string };
    // Uploads are served by this server, so their URLs need its address (known after listen).
    let storage: FileStorage | undefined;
    const uploads: FileStorage = {
      save: (file) => (storage as FileStorage).save(file),
      delete: (url) => (storage as FileStorage).delete(url),
    };
    const session = usePanelApp({ currency: 'INR', app: { avatarStorage: uploads } });
    let t: TestApp;
    let baseUrl: string;
    let panel: PanelBrowser;
    let page: Page;
    let admin: { email: string; password: string };
    let api: ReturnType<typeof adminClient>;

    beforeAll(async () => {
      ({ t, baseUrl, panel, page, admin, api } = session);
      storage = createLocalStorage({ dir: t.uploadsDir, publicBaseUrl: baseUrl });
      lamp = await createProduct(t.db, { name: 'Brass Lamp', priceCents: 150000, images: [] });
    });

    async function placeOrder(quantity: number) {
      const buyer = await registerCustomer(t);
      await t.request('POST', '/cart/add', {
        token: buyer.token,
        body: { product_id: lamp.id, quantity },
      });
      await prepareCheckout(t, buyer.token);
      const placed = await t.request('POST', '/checkout/place-order', { token: buyer.token });
      expect(placed.status).toBe(201);
    }

    it('draws the dashboard chart from orders placed through REST', async () => {
      await placeOrder(2);
      await placeOrder(1);
      await page.goto(`${baseUrl}/admin/`);
      await panel.signIn(admin.email, admin.password);
      const chart = page.getByRole('region', { name: 'Orders and revenue, last 30 days' });
      await chart.locator('svg path.recharts-area-area').first().waitFor();
      // Two series (revenue, orders), each drawn as area paths.
      const areas = chart.locator('svg path.recharts-area-area');
      expect(await areas.count()).toBeGreaterThanOrEqual(2);
      expect((await areas.first().getAttribute('d'))?.length ?? 0).toBeGreaterThan(10);
      const sales = (await api.admin.dashboard.sales.query()).data;
      expect(sales.days.at(-1)?.orders).toBe(2);
      const top = page.getByRole('region', { name: 'Top products, last 30 days' });
      await top.getByRole('link', { name: 'Brass Lamp' }).waitFor();
      await panel.shot('dashboard-chart');
    });

    it('uploads an image on the product form and shows it as the list thumbnail', async () => {
      await panel.nav('Products').click();
      await page.getByRole('link', { name: 'Brass Lamp' }).click();
      const images = page.getByRole('region', { name: 'Images' });
      const photo = await sharp({
        create: { width: 640, height: 480, channels: 3, background: '#b08030' },
      })
        .png()
        .toBuffer();
      await images.locator('input[type=file]').setInputFiles([
        { name: 'lamp.png', mimeType: 'image/png', buffer: photo },
        { name: 'lamp-2.png', mimeType: 'image/png', buffer: photo },
      ]);
      await images.getByRole('button', { name: 'Remove image 2' }).waitFor();
      const stored = (await api.admin.products.get.query({ id: lamp.id })).data.images;
      expect(stored).toHaveLength(2);
      expect(stored[0]?.url).toMatch(new RegExp(`^${baseUrl}/uploads/products/${lamp.id}-`));
      // The second moves first: it becomes the main image.
      await images.getByRole('button', { name: 'Move image 2 earlier' }).click();
      await expect
        .poll(async () => (await api.admin.products.get.query({ id: lamp.id })).data.images[0]?.id)
        .toBe(stored[1]?.id);

      await panel.nav('Products').click();
      const row = page.getByRole('row').filter({ hasText: 'Brass Lamp' });
      const thumbnail = row.locator(`img[src="${stored[1]?.url}"]`);
      await thumbnail.waitFor();
      await expect
        .poll(() =>
          thumbnail.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
        )
        .toBeGreaterThan(0);
      await panel.shot('products-thumbnails');
    });

    it('shows the main image beside the product on an order’s lines and the dashboard’s best sellers', async () => {
      const main = (await api.admin.products.get.query({ id: lamp.id })).data.images[0]?.url;
      expect(main).toMatch(new RegExp(`^${baseUrl}/uploads/products/${lamp.id}-`));
      const [order] = (await api.admin.orders.list.query({})).data;
      if (!order) throw new Error('no order placed');
      const detail = (await api.admin.orders.get.query({ id: order.id })).data;
      expect(detail.items.map((item) => item.image_url)).toEqual([main]);

      await panel.nav('Orders').click();
      await page.getByRole('link', { name: order.order_number }).click();
      await page.getByRole('heading', { name: `Order ${order.order_number}` }).waitFor();
      const line = page.getByRole('row').filter({ hasText: 'Brass Lamp' });
      await line.locator(`img[src="${main}"]`).waitFor();
      await panel.shot('order-line-thumbnail');

      await panel.nav('Dashboard').click();
      const top = page.getByRole('region', { name: 'Top products, last 30 days' });
      await top.locator(`img[src="${main}"]`).waitFor();
      // Low on stock, it is listed there too, with the same thumbnail (the page reads again).
      await api.admin.products.setStock.mutate({ id: lamp.id, stock: 3 });
      const low = page.getByRole('region', { name: 'Low stock' });
      await low
        .getByRole('row')
        .filter({ hasText: 'Brass Lamp' })
        .locator(`img[src="${main}"]`)
        .waitFor();
    });

    it('chooses a product in the notification form by typing its name', async () => {
      await panel.nav('Notifications').click();
      await page.getByLabel('Title').fill('Lamps are back');
      await page.getByLabel('Message').fill('Brass lamps in stock again.');
      await page.getByRole('combobox', { name: 'Product (optional)' }).fill('brass');
      const option = page.getByRole('option', { name: `Brass Lamp (${lamp.sku})` });
      // The search result carries the product's thumbnail.
      await option.locator('img').waitFor();
      await option.click();
      await page.getByRole('button', { name: 'Send to customers who opted in' }).click();
      await expect
        .poll(async () => (await api.admin.notifications.list.query({})).data[0]?.product_id)
        .toBe(lamp.id);
      expect(panel.external).toEqual([]);
      expect(panel.pageErrors).toEqual([]);
    });
  },
);
