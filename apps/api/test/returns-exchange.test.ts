import { orderItems, orders, products, productVariants, returns } from '@storefront/db/schema';
import { createConfigurableProduct } from '@storefront/db/testing/factories';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { trpcFailure } from './harness';
import { cents, lineCents, openRefundShop } from './support/refund-shop';

/*
 * Issue 38, exchanges, on both databases (docs/returns.md, "Exchanges"): an item with
 * `exchange_variant_id` asks for another variant of the same product at the same price; its
 * quote is 0. Receiving it sends the replacement order at price 0 (same address, the variant's
 * stock taken) and the return ends `exchanged`; a variant sold out meanwhile leaves the return
 * `received` (no negative stock) and tells the shop; two receives at once send one replacement.
 */

const shop = await openRefundShop();
const { app } = shop;
const admin = () => app.admin.admin.returns;

let serial = 0;

/**
 * A delivered order of 2 × a T-shirt in size S (a configurable GST product, S / M / L at 29.99,
 * 5 of each in stock) and 1 scarf (a simple product at 50.00), paid by card.
 */
async function deliveredTee() {
  serial += 1;
  const scarf = await shop.product(`Wool Scarf ${serial}`, 5000);
  const [taxed] = await app.t.db
    .select({ taxCategoryId: products.taxCategoryId })
    .from(products)
    .where(eq(products.id, scarf.id));
  const tee = await createConfigurableProduct(app.t.db, {
    name: `Exchange Tee ${serial}`,
    sizes: ['S', 'M', 'L'],
    colours: ['Black'],
  });
  await app.t.db
    .update(products)
    .set({ taxCategoryId: taxed?.taxCategoryId ?? null })
    .where(eq(products.id, tee.id));
  const variants = await app.t.db
    .select({ id: productVariants.id, name: productVariants.name })
    .from(productVariants)
    .where(eq(productVariants.productId, tee.id))
    .orderBy(asc(productVariants.id));
  const variant = (size: string) => {
    const found = variants.find((candidate) => candidate.name.startsWith(size));
    if (!found) throw new Error(`no variant ${size}`);
    return found.id;
  };
  const [small, medium, large] = [variant('S'), variant('M'), variant('L')];
  const bought = await shop.order({
    lines: [
      { productId: tee.id, variantId: small, quantity: 2 },
      { productId: scarf.id, quantity: 1 },
    ],
  });
  const { id } = bought;
  const orderAdmin = app.admin.admin.orders;
  await orderAdmin.process.mutate({ id });
  await orderAdmin.ship.mutate({ id, carrier: 'DHL', tracking_number: `EX${id}` });
  await orderAdmin.complete.mutate({ id });
  const line = (productId: number) =>
    bought.order.items.find((item: { product_id: number }) => item.product_id === productId);
  return {
    ...bought,
    tee,
    scarf,
    small,
    medium,
    large,
    teeLine: line(tee.id),
    scarfLine: line(scarf.id),
  };
}

const variantStock = async (variantId: number) =>
  (
    await app.t.db
      .select({ stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.id, variantId))
  )[0]?.stock;

const setVariant = (variantId: number, values: { stockQuantity?: number; priceCents?: number }) =>
  app.t.db.update(productVariants).set(values).where(eq(productVariants.id, variantId));

type Item = {
  order_item_id: number;
  quantity: number;
  reason: string;
  exchange_variant_id?: number;
};

const ask = (id: number, token: string, items: Item[], path = 'returns') =>
  app.t.request('POST', `/customer/orders/${id}/${path}`, {
    token,
    body: { items, method: 'pickup', refund_to: 'original' },
  });

async function approvedExchange(id: number, token: string, items: Item[]) {
  const made = await ask(id, token, items);
  expect(made.status).toBe(201);
  await admin().approve.mutate({ id: made.body.data.id });
  return made.body.data as { id: number; number: string };
}

const pushesOf = shop.returnPushes;

const replacementsOf = (returnNumber: string) =>
  app.t.db
    .select()
    .from(orders)
    .where(sql`${orders.notes} like ${`Replacement for return ${returnNumber} %`}`);

describe('asking for an exchange', () => {
  it('refuses another product’s variant, the same variant, another price and no stock, naming the item', async () => {
    const { id, token, teeLine, scarfLine, medium, large, small } = await deliveredTee();
    const otherProduct = await createConfigurableProduct(app.t.db, {
      sizes: ['M'],
      colours: ['Red'],
    });
    const [otherVariant] = await app.t.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, otherProduct.id));
    const exchange = (variant: number): Item[] => [
      { order_item_id: scarfLine.id, quantity: 1, reason: 'changed_mind' },
      { order_item_id: teeLine.id, quantity: 1, reason: 'size_fit', exchange_variant_id: variant },
    ];
    const refusals: [Item[], string, number][] = [
      [exchange(otherVariant?.id ?? 0), 'VALIDATION_ERROR', 1],
      [exchange(small), 'VALIDATION_ERROR', 1],
      [
        [
          {
            order_item_id: scarfLine.id,
            quantity: 1,
            reason: 'size_fit',
            exchange_variant_id: medium,
          },
        ],
        'VALIDATION_ERROR',
        0,
      ],
    ];
    await setVariant(large, { priceCents: 3999 });
    refusals.push([exchange(large), 'VALIDATION_ERROR', 1]);
    for (const [items, code, index] of refusals) {
      for (const path of ['returns/quote', 'returns']) {
        const refused = await ask(id, token, items, path);
        expect(refused.status, JSON.stringify(refused.body)).toBe(422);
        expect(refused.body.error_code).toBe(code);
        expect(Object.keys(refused.body.errors)).toContain(`items.${index}.exchange_variant_id`);
      }
    }
    const price = await ask(id, token, exchange(large));
    expect(price.body.errors['items.1.exchange_variant_id'][0]).toMatch(/same price/);

    await setVariant(medium, { stockQuantity: 0 });
    const soldOut = await ask(id, token, exchange(medium));
    expect(soldOut.status).toBe(422);
    expect(soldOut.body).toMatchObject({
      error_code: 'OUT_OF_STOCK',
      errors: { 'items.1.exchange_variant_id': ['This variant is out of stock.'] },
    });
    expect(await app.t.db.select().from(returns).where(eq(returns.orderId, id))).toEqual([]);
  }, 60_000);

  it('an exchanged item is worth 0 in the quote; the refunded items keep their share', async () => {
    const { id, token, teeLine, scarfLine, medium } = await deliveredTee();
    const quote = await ask(
      id,
      token,
      [
        { order_item_id: teeLine.id, quantity: 2, reason: 'size_fit', exchange_variant_id: medium },
        { order_item_id: scarfLine.id, quantity: 1, reason: 'damaged' },
      ],
      'returns/quote',
    );
    expect(quote.status).toBe(200);
    expect(quote.body.data.items).toEqual([
      { order_item_id: teeLine.id, quantity: 2, amount: 0 },
      { order_item_id: scarfLine.id, quantity: 1, amount: lineCents(scarfLine) / 100 },
    ]);
    expect(cents(quote.body.data.refund_total)).toBe(lineCents(scarfLine));
    expect(quote.body.data.shipping_refund).toBe(0);
    const only = await ask(
      id,
      token,
      [{ order_item_id: teeLine.id, quantity: 1, reason: 'size_fit', exchange_variant_id: medium }],
      'returns/quote',
    );
    expect(only.body.data).toMatchObject({ items_amount: 0, fee: 0, refund_total: 0 });
    expect(await variantStock(medium)).toBe(5);
  });
});

describe('receiving an exchange', () => {
  it('sends the replacement at price 0 to the same address, moves the stock, ends exchanged and tells the customer', async () => {
    const { id, token, order, teeLine, small, medium } = await deliveredTee();
    const made = await approvedExchange(id, token, [
      { order_item_id: teeLine.id, quantity: 1, reason: 'size_fit', exchange_variant_id: medium },
    ]);
    expect(await variantStock(medium)).toBe(5);
    const received = await admin().receive.mutate({
      id: made.id,
      items: [{ order_item_id: teeLine.id, quantity: 1, condition: 'resellable' }],
    });
    expect(received.data).toMatchObject({
      status: 'exchanged',
      items: [{ exchange_variant_id: medium, received_quantity: 1 }],
    });
    expect(received.data.events.map((event) => event.status)).toEqual([
      'requested',
      'approved',
      'received',
      'exchanged',
    ]);
    const replacementId = received.data.replacement_order_id;
    expect(replacementId).not.toBeNull();
    expect(await variantStock(small)).toBe(5 - 2 + 1);
    expect(await variantStock(medium)).toBe(4);

    const replacement = await shop.get(replacementId ?? 0, token);
    expect(replacement).toMatchObject({
      status: 'pending',
      payment_status: 'paid',
      payment_method: 'exchange',
      total: 0,
      amount_due: 0,
      shipping_address: order.shipping_address,
      items: [{ variant_id: medium, price: 0, quantity: 1, total: 0 }],
    });
    const listed = await app.t.request('GET', '/customer/orders', { token });
    expect(listed.body.data.map((entry: { id: number }) => entry.id)).toContain(replacementId);
    const invoice = await app.t.request('GET', `/customer/orders/${replacementId}/invoice`, {
      token,
    });
    expect(invoice.status).toBe(200);
    const [numbered] = await app.t.db
      .select({ invoice: orders.invoiceNumber, total: orders.totalCents })
      .from(orders)
      .where(eq(orders.id, replacementId ?? 0));
    expect(numbered).toMatchObject({ total: 0, invoice: expect.any(String) });
    // The original order: no money moved, the exchanged unit counted returned, not returnable.
    const after = await shop.get(id, token);
    expect(after).toMatchObject({ refunded_amount: 0, payment_status: 'paid' });
    const returnable = await app.t.request('GET', `/customer/orders/${id}/returnable`, { token });
    expect(
      returnable.body.data.items.find(
        (item: { order_item_id: number }) => item.order_item_id === teeLine.id,
      ).returnable_quantity,
    ).toBe(1);

    expect(await pushesOf(made.id)).toEqual(['return_approved', 'return_exchanged']);
    await vi.waitFor(
      () =>
        expect(app.t.outbox().map((mail) => mail.subject)).toContain(
          `Return ${made.number} exchanged`,
        ),
      { timeout: 10_000, interval: 100 },
    );
  });

  it('a mixed return: the replacement goes out at receipt, the refund gives back only the refunded items', async () => {
    const { id, token, teeLine, scarfLine, medium } = await deliveredTee();
    const made = await approvedExchange(id, token, [
      { order_item_id: teeLine.id, quantity: 1, reason: 'size_fit', exchange_variant_id: medium },
      { order_item_id: scarfLine.id, quantity: 1, reason: 'damaged' },
    ]);
    const received = await admin().receive.mutate({
      id: made.id,
      items: [
        { order_item_id: teeLine.id, quantity: 1, condition: 'resellable' },
        { order_item_id: scarfLine.id, quantity: 1, condition: 'damaged' },
      ],
    });
    expect(received.data.status).toBe('received');
    expect(received.data.replacement_order_id).not.toBeNull();
    expect(received.data.events.at(-1)?.status).toBe('exchanged');
    const refunded = await admin().refund.mutate({ id: made.id });
    expect(refunded.data).toMatchObject({
      status: 'refunded',
      replacement_order_id: received.data.replacement_order_id,
    });
    const [row] = await shop.settled(id);
    expect(row?.amountCents).toBe(lineCents(scarfLine));
    expect(await pushesOf(made.id)).toEqual([
      'return_approved',
      'return_exchanged',
      'return_refunded',
    ]);
  });

  it('a variant sold out meanwhile: the return stays received, no stock goes negative, the shop is told; a refund then pays the unit back', async () => {
    const { id, token, teeLine, small, medium } = await deliveredTee();
    const made = await approvedExchange(id, token, [
      { order_item_id: teeLine.id, quantity: 2, reason: 'size_fit', exchange_variant_id: medium },
    ]);
    await setVariant(medium, { stockQuantity: 1 });
    const received = await admin().receive.mutate({
      id: made.id,
      items: [{ order_item_id: teeLine.id, quantity: 2, condition: 'resellable' }],
    });
    expect(received.data).toMatchObject({ status: 'received', replacement_order_id: null });
    expect(received.data.events.at(-1)).toMatchObject({
      status: 'received',
      note: expect.stringMatching(/out of stock/),
    });
    expect(await variantStock(medium)).toBe(1);
    expect(await variantStock(small)).toBe(5);
    expect(await replacementsOf(made.number)).toEqual([]);
    const [line] = await app.t.db.select().from(orderItems).where(eq(orderItems.id, teeLine.id));
    expect(line?.returnedQuantity).toBe(2);
    expect(await pushesOf(made.id)).toEqual(['return_approved']);

    const still = await trpcFailure(admin().sendReplacement.mutate({ id: made.id }));
    expect(still.data?.error_code).toBe('OUT_OF_STOCK');
    expect(await variantStock(medium)).toBe(1);

    // The shop refunds it instead: the exchanged units' frozen share, as for any return.
    const refunded = await admin().refund.mutate({ id: made.id });
    expect(refunded.data.status).toBe('refunded');
    const [row] = await shop.settled(id);
    expect(row?.amountCents).toBe(lineCents(teeLine));
    const late = await trpcFailure(admin().sendReplacement.mutate({ id: made.id }));
    expect(late.data?.error_code).toBe('RETURN_NOT_ALLOWED');
  });

  it('a sold-out exchange is sent once the shop restocks (admin.returns.sendReplacement)', async () => {
    const { id, token, teeLine, medium } = await deliveredTee();
    const made = await approvedExchange(id, token, [
      { order_item_id: teeLine.id, quantity: 1, reason: 'size_fit', exchange_variant_id: medium },
    ]);
    await setVariant(medium, { stockQuantity: 0 });
    const received = await admin().receive.mutate({
      id: made.id,
      items: [{ order_item_id: teeLine.id, quantity: 1, condition: 'resellable' }],
    });
    expect(received.data.status).toBe('received');
    await setVariant(medium, { stockQuantity: 2 });
    const sent = await admin().sendReplacement.mutate({ id: made.id });
    expect(sent.data.status).toBe('exchanged');
    expect(sent.data.replacement_order_id).not.toBeNull();
    expect(await variantStock(medium)).toBe(1);
    expect(await replacementsOf(made.number)).toHaveLength(1);
    expect(await pushesOf(made.id)).toEqual(['return_approved', 'return_exchanged']);
  });

  it('two receives at once send one replacement and take the stock once', async () => {
    const { id, token, teeLine, medium } = await deliveredTee();
    const made = await approvedExchange(id, token, [
      { order_item_id: teeLine.id, quantity: 2, reason: 'wrong_item', exchange_variant_id: medium },
    ]);
    const receive = () =>
      admin().receive.mutate({
        id: made.id,
        items: [{ order_item_id: teeLine.id, quantity: 2, condition: 'damaged' }],
      });
    const both = await Promise.allSettled([receive(), receive()]);
    expect(both.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((answer) => answer.status === 'rejected');
    expect(
      (await trpcFailure(Promise.reject((refused as PromiseRejectedResult).reason))).data
        ?.error_code,
    ).toBe('RETURN_NOT_ALLOWED');
    expect(await replacementsOf(made.number)).toHaveLength(1);
    expect(await variantStock(medium)).toBe(3);
    const [stored] = await app.t.db.select().from(returns).where(eq(returns.id, made.id));
    expect(stored?.status).toBe('exchanged');
  });
});
