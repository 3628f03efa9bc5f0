import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { adminClient } from './harness';
import { type PanelBrowser, panelSkipReason as skipReason } from './support/admin-panel';
import { usePanelApp } from './support/panel-app';

/**
 * The delivery pages end to end in Chromium (issue 39; docs/delivery.md): a rules CSV imported in
 * the panel is listed there and applied by GET /api/v1/serviceability; the delivery and COD
 * settings saved in Settings are what admin.settings.getDelivery answers.
 */
describe.skipIf(skipReason)(
  `the admin panel's delivery pages in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const session = usePanelApp({ currency: 'INR', app: { config: { storeCountry: 'IN' } } });
    let baseUrl: string;
    let panel: PanelBrowser;
    let page: Page;
    let admin: { email: string; password: string };
    let api: ReturnType<typeof adminClient>;
    beforeAll(() => {
      ({ baseUrl, panel, page, admin, api } = session);
    });

    const serviceability = async (postcode: string) => {
      const answer = await fetch(`${baseUrl}/api/v1/serviceability?postcode=${postcode}`);
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as {
        data: {
          deliverable: boolean | null;
          estimated_delivery: { min_date: string; max_date: string };
        };
      };
      return body.data;
    };

    it('imports a rules CSV, lists and searches it, and GET /serviceability applies it', async () => {
      await page.goto(`${baseUrl}/admin/`);
      await panel.signIn(admin.email, admin.password);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await panel.nav('Delivery rules').click();
      await page.getByRole('heading', { name: 'Delivery rules', exact: true }).waitFor();

      const bad = join(tmpdir(), `rules-bad-${process.pid}.csv`);
      await writeFile(
        bad,
        'postcode,zone,deliverable,cod,min_days,max_days\n110001,Delhi,maybe,true,1,2\n',
      );
      await page.locator('input[type="file"]').setInputFiles(bad);
      await page.getByRole('button', { name: 'Import rules' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Nothing imported: 1 rejected lines' })
        .waitFor();
      await page.getByText(/^Line 2:/).waitFor();
      expect((await api.admin.delivery.listRules.query({})).data).toEqual([]);

      const good = join(tmpdir(), `rules-${process.pid}.csv`);
      await writeFile(
        good,
        [
          'postcode,zone,deliverable,cod,min_days,max_days',
          '560001,Bengaluru centre,true,false,1,2',
          '110*,Delhi,false,false,0,0',
        ].join('\n'),
      );
      await page.locator('input[type="file"]').setInputFiles(good);
      await page.getByRole('button', { name: 'Import rules' }).click();
      await page.getByRole('status').filter({ hasText: 'Imported 2 rules' }).waitFor();
      await page.getByRole('cell', { name: 'Bengaluru centre', exact: true }).waitFor();
      await page.getByRole('cell', { name: '110*', exact: true }).waitFor();
      await panel.shot('delivery-rules');

      await page.getByRole('textbox', { name: 'Search rules' }).fill('Delhi');
      await page.getByRole('textbox', { name: 'Search rules' }).press('Enter');
      await page
        .getByRole('cell', { name: 'Bengaluru centre', exact: true })
        .waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: '110*', exact: true }).waitFor();

      // The rules as the storefront reads them: Delhi undeliverable, Bengaluru with its days.
      expect(await serviceability('110017')).toMatchObject({
        deliverable: false,
        cod_available: false,
        estimated_delivery: null,
        reason: 'not_serviceable',
      });
      const bengaluru = await serviceability('560001');
      expect(bengaluru).toMatchObject({ deliverable: true, cod_available: false });
      expect(bengaluru.estimated_delivery.min_date < bengaluru.estimated_delivery.max_date).toBe(
        true,
      );

      // Deleting the selected rule: Delhi is delivered to again (the store default).
      await page.getByLabel('Select 110*').check();
      await page.getByRole('button', { name: 'Delete selected (1)' }).click();
      await page.getByRole('cell', { name: '110*', exact: true }).waitFor({ state: 'detached' });
      expect((await api.admin.delivery.listRules.query({})).data.map((r) => r.postcode)).toEqual([
        '560001',
      ]);
      expect(await serviceability('110017')).toMatchObject({ deliverable: true });
    });

    it('saves the delivery and cash-on-delivery settings in Settings', async () => {
      await panel.nav('Settings').click();
      const delivery = page.getByRole('region', { name: 'Delivery', exact: true });
      await delivery.getByRole('spinbutton', { name: 'Dispatch days' }).fill('2');
      await delivery.getByRole('spinbutton', { name: 'Cut-off hour' }).fill('12');
      await delivery.getByRole('button', { name: 'Save delivery settings' }).click();
      await delivery.getByRole('status').waitFor();
      const cod = page.getByRole('region', { name: 'Cash on delivery' });
      await cod.getByRole('spinbutton', { name: 'Cash on delivery fee' }).fill('49');
      await cod.getByRole('spinbutton', { name: 'Largest order value' }).fill('5000');
      await cod.getByRole('button', { name: 'Save cash-on-delivery settings' }).click();
      await cod.getByRole('status').waitFor();
      await page.getByRole('textbox', { name: 'Holidays' }).fill('2026-12-25\n2027-01-26');
      await page.getByRole('button', { name: 'Save holidays' }).click();
      await expect
        .poll(async () => (await api.admin.settings.getDelivery.query()).data.holidays)
        .toEqual(['2026-12-25', '2027-01-26']);
      await panel.shot('settings-delivery');
      expect((await api.admin.settings.getDelivery.query()).data).toMatchObject({
        dispatch_days: 2,
        cutoff_hour: 12,
        cod_fee: 49,
        cod_max_order: 5000,
      });
    });
  },
);
