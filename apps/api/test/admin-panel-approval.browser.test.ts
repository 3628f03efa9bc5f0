import { orderRefunds, staffRoles } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAdmin } from './harness';
import { PANEL_DIR, panelSkipReason as skipReason } from './support/admin-panel';
import { usePanelBrowser } from './support/panel-app';
import { openRefundShop } from './support/refund-shop';

/*
 * Issue 41's maker–checker in Chromium (docs/refunds.md "Approval"): a Support user refunds
 * above its role's limit in the panel — it waits, no money moves, and Support sees it waiting
 * without Approve; the Owner signs in, approves it on the dashboard's "Refunds awaiting
 * approval" — one refund at the Razorpay stand-in, the ledger row processed — and both steps
 * are in the audit log (Activity, the order's History).
 */

const shop = skipReason ? undefined : await openRefundShop({ adminPanelDir: PANEL_DIR });

describe.skipIf(skipReason)(
  `refund approval in the panel, in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    // Only undefined when skipped, and then no test runs.
    const { app, razorpay } = shop as NonNullable<typeof shop>;
    const session = usePanelBrowser();
    let support: Awaited<ReturnType<typeof registerAdmin>>;
    let owner: Awaited<ReturnType<typeof registerAdmin>>;
    let orderId: number;

    beforeAll(async () => {
      await app.t.db
        .update(staffRoles)
        .set({ refundLimitCents: 2000 })
        .where(eq(staffRoles.preset, 'support'));
      support = await registerAdmin(app.t, 'support');
      owner = await registerAdmin(app.t, 'owner');
      const product = await (shop as NonNullable<typeof shop>).product('Panel Approval Vase', 4000);
      orderId = (
        await (shop as NonNullable<typeof shop>).order({
          lines: [{ productId: product.id, quantity: 2 }],
        })
      ).id;
    }, 60_000);

    const rows = () =>
      app.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

    it('Support refunds 30.00 with a 20.00 limit: it waits, no money moves, shown as waiting', async () => {
      const { page, panel } = session;
      await page.goto(`${app.server.baseUrl}/admin/`);
      await panel.signIn(support.email, support.password);
      // Signed in (the token is in sessionStorage) before the order's address is opened.
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.goto(`${app.server.baseUrl}/admin/orders/${orderId}`);
      const refunds = page.getByRole('region', { name: 'Refunds' });
      await refunds.getByLabel('Amount').fill('30');
      await refunds.getByLabel('Reason').fill('Arrived chipped');
      await refunds.getByRole('button', { name: 'Refund', exact: true }).click();
      await refunds.getByRole('status').filter({ hasText: 'Owner’s approval' }).first().waitFor();
      const [row] = await rows();
      expect(row).toMatchObject({
        status: 'awaiting_approval',
        amountCents: 3000,
        gatewayCents: 0,
      });
      expect(row?.requestedById).toBe(support.user.id);
      expect(razorpay.refunds.size).toBe(0);

      await page.goto(`${app.server.baseUrl}/admin/`);
      const card = page.getByRole('region', { name: 'Refunds awaiting approval' });
      await card.getByText('Waiting for an Owner').waitFor();
      expect(await card.getByRole('button', { name: /Approve refund/ }).count()).toBe(0);
    });

    it('the Owner signs in and approves on the dashboard: one refund at the gateway, the row processed', async () => {
      const { page, panel } = session;
      await page.getByRole('button', { name: /sign out/i }).click();
      await panel.signIn(owner.email, owner.password);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const card = page.getByRole('region', { name: 'Refunds awaiting approval' });
      const [waiting] = await rows();
      await card.getByRole('button', { name: `Approve refund ${waiting?.id}` }).click();
      await card.getByText('No refund is waiting.').waitFor();
      await expect
        .poll(async () => (await rows())[0]?.status, { timeout: 15_000 })
        .toBe('processed');
      const [row] = await rows();
      expect(row).toMatchObject({ gatewayCents: 3000, decidedById: owner.user.id });
      expect(razorpay.refunds.size).toBe(1);
      expect([...razorpay.refunds.values()][0]?.amount).toBe(3000);
      expect(panel.pageErrors).toEqual([]);
    });

    it('the Owner finds both steps in the audit log: Activity lists the approval, the order’s History the request', async () => {
      const { page, panel } = session;
      await panel.nav('Activity').click();
      await page.getByRole('heading', { name: 'Activity' }).waitFor();
      await page.getByText('refunds.approve', { exact: true }).first().waitFor();
      await page.goto(`${app.server.baseUrl}/admin/orders/${orderId}`);
      const history = page.getByRole('region', { name: 'History' });
      await history.getByText('orders.refund', { exact: true }).first().waitFor();
      await history.getByText(support.email).first().waitFor();
      expect(panel.pageErrors).toEqual([]);
    });
  },
);
