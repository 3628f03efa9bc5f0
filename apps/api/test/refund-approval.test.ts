import { giftCards, orderRefunds, returns, staffRoles } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient, registerAdmin, trpcFailure } from './harness';
import { deliveredOrder, openRefundShop } from './support/refund-shop';

/*
 * Issue 41, refund above the limit (docs/refunds.md "Approval"): a staff member's refund above
 * their role's refund limit waits as `awaiting_approval` — the cancel or return happens, no money
 * moves — until an Owner other than them approves it (the normal path, once) or declines it.
 * Two Owners approving at once: one refund at the gateway stand-in, the other 409.
 */

const shop = await openRefundShop();
const { app } = shop;

/** Support's refund limit in these tests: 20.00. */
const LIMIT_CENTS = 2000;

async function staff(preset: 'owner' | 'support' | 'manager') {
  const member = await registerAdmin(app.t, preset);
  return { ...member, client: adminClient(app.server.baseUrl, member.token) };
}

let support: Awaited<ReturnType<typeof staff>>;
let owner: Awaited<ReturnType<typeof staff>>;

beforeAll(async () => {
  await app.t.db
    .update(staffRoles)
    .set({ refundLimitCents: LIMIT_CENTS })
    .where(eq(staffRoles.preset, 'support'));
  support = await staff('support');
  owner = await staff('owner');
});

/** A paid card order of 2 × 40.00 (GST 18 %: 94.40). */
async function paidOrder() {
  const product = await shop.product('Approval Cushion', 4000);
  return shop.order({ lines: [{ productId: product.id, quantity: 2 }] });
}

const rowOf = async (id: number) =>
  (await app.t.db.select().from(orderRefunds).where(eq(orderRefunds.id, id)))[0];

describe('refunds above the refund limit wait for an Owner', () => {
  it('goodwill within the limit is given at once; above it waits (no gateway call), shows as pending, and the Owner’s approval refunds it once', async () => {
    const { id, token } = await paidOrder();
    const within = await support.client.admin.orders.refund.mutate({
      order_id: id,
      amount: 12.5,
      reason: 'Late delivery',
    });
    expect(within.data.refund?.status).not.toBe('awaiting_approval');
    await shop.settled(id);

    const above = await support.client.admin.orders.refund.mutate({
      order_id: id,
      amount: 30,
      reason: 'Broken on arrival',
    });
    const waiting = above.data.refund;
    expect(waiting).toMatchObject({
      status: 'awaiting_approval',
      amount: 30,
      gateway_amount: 0,
      requested_by_id: support.user.id,
    });
    expect(above.data.order).toMatchObject({
      refunded_amount: 12.5,
      refund_awaiting_approval_amount: 30,
      payment_status: 'partially_refunded',
    });
    expect((await shop.gatewayRefunds(id)).calls).toBe(1);
    // The customer sees it as pending, not as given back.
    expect(await shop.get(id, token)).toMatchObject({
      refunded_amount: 12.5,
      refund_awaiting_approval_amount: 30,
    });

    const pending = (await owner.client.admin.refunds.pending.query()).data;
    expect(pending.find((row) => row.id === waiting?.id)).toMatchObject({
      order_id: id,
      amount: 30,
      reason: 'Broken on arrival',
      requested_by_email: support.user.email,
    });

    // Support (a refund limit) cannot approve, its own or anyone's.
    const denied = await trpcFailure(
      support.client.admin.refunds.approve.mutate({ id: waiting?.id ?? 0 }),
    );
    expect(denied.data?.httpStatus).toBe(403);
    expect(denied.message).toMatch(/without a refund limit/);

    const approved = await owner.client.admin.refunds.approve.mutate({ id: waiting?.id ?? 0 });
    expect(approved.data).toMatchObject({ status: 'pending', gateway_amount: 30 });
    expect(approved.data.decided_by_id).toBe(owner.user.id);
    await shop.settled(id);
    const gateway = await shop.gatewayRefunds(id);
    expect(gateway.refunds.map((refund) => refund.amount)).toEqual([1250, 3000]);
    expect(await shop.get(id, token)).toMatchObject({
      refunded_amount: 42.5,
      refund_awaiting_approval_amount: 0,
      payment_status: 'partially_refunded',
    });

    // Asked one after the other: a call made before the previous answer is awaited would reject
    // with nobody listening yet (an unhandled rejection that fails the run).
    for (const again of [
      () => owner.client.admin.refunds.approve.mutate({ id: waiting?.id ?? 0 }),
      () => owner.client.admin.refunds.decline.mutate({ id: waiting?.id ?? 0, reason: 'Too late' }),
    ]) {
      const failure = await trpcFailure(again());
      expect(failure.data?.httpStatus).toBe(409);
      expect(failure.data?.error_code).toBe('REFUND_ALREADY_DECIDED');
    }
    expect((await shop.gatewayRefunds(id)).calls).toBe(2);
  }, 90_000);

  it('a cancel above the limit cancels at once (status, stock) and the money waits; declined, nothing is given back and the reason is kept', async () => {
    const product = await shop.product('Approval Lamp', 4000);
    const { id, token, order } = await shop.order({
      lines: [{ productId: product.id, quantity: 2 }],
    });
    const stock = (await shop.stockOf(product.id)) ?? 0;
    const canceled = await support.client.admin.orders.cancel.mutate({
      id,
      reason: 'Customer called',
    });
    expect(canceled.data).toMatchObject({
      status: 'canceled',
      payment_status: 'paid',
      refunded_amount: 0,
      refund_awaiting_approval_amount: order.total,
    });
    expect(await shop.stockOf(product.id)).toBe(stock + 2);
    const [row] = await shop.ledger(id);
    expect(row).toMatchObject({ kind: 'cancel', status: 'awaiting_approval', gatewayCents: 0 });
    expect((await shop.gatewayRefunds(id)).calls).toBe(0);

    // More than is left once the waiting refund is reserved: refused.
    const over = await trpcFailure(
      owner.client.admin.orders.refund.mutate({ order_id: id, amount: 1, reason: 'Extra' }),
    );
    expect(over.data?.error_code).toBe('REFUND_EXCEEDS_PAID');

    const declined = await owner.client.admin.refunds.decline.mutate({
      id: row?.id ?? 0,
      reason: 'Cancelled after the courier took it',
    });
    expect(declined.data).toMatchObject({
      status: 'declined',
      decline_reason: 'Cancelled after the courier took it',
      decided_by_id: owner.user.id,
    });
    expect(await shop.get(id, token)).toMatchObject({
      status: 'canceled',
      payment_status: 'paid',
      refunded_amount: 0,
      refund_awaiting_approval_amount: 0,
    });
    expect((await shop.gatewayRefunds(id)).calls).toBe(0);
    const again = await trpcFailure(
      owner.client.admin.refunds.approve.mutate({ id: row?.id ?? 0 }),
    );
    expect(again.data?.httpStatus).toBe(409);
  }, 90_000);

  it('the requester cannot decide their own refund, even promoted to Owner (403 saying so)', async () => {
    const maker = await staff('support');
    const { id } = await paidOrder();
    const asked = await maker.client.admin.orders.refund.mutate({
      order_id: id,
      amount: 25,
      reason: 'Goodwill',
    });
    const ownerRole = await app.t.db
      .select({ id: staffRoles.id })
      .from(staffRoles)
      .where(eq(staffRoles.preset, 'owner'));
    await owner.client.admin.staff.setRole.mutate({
      user_id: maker.user.id,
      role_id: ownerRole[0]?.id ?? 0,
    });
    const own = await trpcFailure(
      maker.client.admin.refunds.approve.mutate({ id: asked.data.refund?.id ?? 0 }),
    );
    expect(own.data?.httpStatus).toBe(403);
    expect(own.message).toMatch(/You asked for this refund/);
    expect((await rowOf(asked.data.refund?.id ?? 0))?.status).toBe('awaiting_approval');
  }, 90_000);

  it('a return to store credit above the limit stays received; approved, the card is issued and the return refunded', async () => {
    const { id, token, shirtLine } = await deliveredOrder(shop, {
      shirt: 'Approval Shirt',
      scarf: 'Approval Scarf',
    });
    const asked = await app.t.request('POST', `/customer/orders/${id}/returns`, {
      token,
      body: {
        items: [{ order_item_id: shirtLine.id, quantity: 3, reason: 'size_fit' }],
        method: 'drop_off',
        refund_to: 'store_credit',
      },
    });
    expect(asked.status).toBe(201);
    const returnId = asked.body.data.id;
    await support.client.admin.returns.approve.mutate({ id: returnId });
    await support.client.admin.returns.receive.mutate({
      id: returnId,
      items: [{ order_item_id: shirtLine.id, quantity: 3, condition: 'resellable' }],
    });
    const refunded = await support.client.admin.returns.refund.mutate({ id: returnId });
    expect(refunded.data.status).toBe('received');
    expect(refunded.message).toMatch(/approval/);
    const [row] = await shop.ledger(id);
    expect(row).toMatchObject({ kind: 'return', status: 'awaiting_approval', toStoreCredit: true });
    expect(
      await app.t.db
        .select()
        .from(giftCards)
        .where(eq(giftCards.refundId, row?.id ?? 0)),
    ).toEqual([]);
    // A second click finds the waiting refund: nothing more is written.
    await support.client.admin.returns.refund.mutate({ id: returnId });
    expect(await shop.ledger(id)).toHaveLength(1);

    await owner.client.admin.refunds.approve.mutate({ id: row?.id ?? 0 });
    const [card] = await app.t.db
      .select()
      .from(giftCards)
      .where(eq(giftCards.refundId, row?.id ?? 0));
    expect(card).toBeDefined();
    const approvedRow = await rowOf(row?.id ?? 0);
    expect(approvedRow).toMatchObject({ status: 'processed', decidedById: owner.user.id });
    expect(approvedRow?.storeCreditCents).toBe(row?.amountCents);
    expect(row?.amountCents).toBe(3548);
    const [after] = await app.t.db.select().from(returns).where(eq(returns.id, returnId));
    expect(after).toMatchObject({ status: 'refunded', refundId: row?.id });
    expect((await shop.gatewayRefunds(id)).calls).toBe(0);
  }, 90_000);
});

describe('two Owners approving at once', () => {
  it('refund once: one row processed, one refund at the gateway stand-in, the other 409', async () => {
    const second = await staff('owner');
    const { id } = await paidOrder();
    const asked = await support.client.admin.orders.refund.mutate({
      order_id: id,
      amount: 50,
      reason: 'Wrong colour',
    });
    const refundId = asked.data.refund?.id ?? 0;
    const results = await Promise.allSettled([
      owner.client.admin.refunds.approve.mutate({ id: refundId }),
      second.client.admin.refunds.approve.mutate({ id: refundId }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failure = await trpcFailure(
      Promise.reject(
        (results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason,
      ),
    );
    expect(failure.data?.httpStatus).toBe(409);
    const rows = await shop.settled(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'processed', gatewayCents: 5000 });
    const gateway = await shop.gatewayRefunds(id);
    expect(gateway.refunds.map((refund) => refund.amount)).toEqual([5000]);
    expect(gateway.calls).toBe(1);
  }, 90_000);
});
