import { bossJobs } from '@storefront/db/jobs';
import {
  orderRefunds,
  productImages,
  products,
  productVariants,
  users,
} from '@storefront/db/schema';
import { createConfigurableProduct } from '@storefront/db/testing/factories';
import { asc, eq } from 'drizzle-orm';
import { adminClient, registerAdmin, registerCustomer } from '../harness';
import { deliveredOrder, type openRefundShop } from './refund-shop';

/*
 * The states the audit test's calls start from (support/admin-mutations.ts): paid, processed and
 * shipped orders, returns at each step, a failed refund and job, staff, roles, tax records.
 */

type Shop = Awaited<ReturnType<typeof openRefundShop>>;

let serial = 0;
/** A name no other call of the run uses. */
export const unique = (prefix: string) => {
  serial += 1;
  return `${prefix}${Date.now().toString(36)}${serial}`;
};

export function mutationSetups(shop: Shop) {
  const { app } = shop;
  const { db } = app.t;
  const admin = () => app.admin.admin;

  const roleId = async (name: string) => {
    const role = (await admin().roles.list.query()).data.find((r) => r.name === name);
    if (!role) throw new Error(`no role ${name}`);
    return role.id;
  };
  const newRole = async () =>
    (
      await admin().roles.create.mutate({
        name: unique('Role '),
        permissions: ['orders:read'],
        refund_limit: 10,
      })
    ).data.id;
  const paidOrder = async () => {
    const product = await shop.product(unique('Audit Mug '), 2000);
    return (await shop.order({ lines: [{ productId: product.id, quantity: 1 }] })).id;
  };
  const processed = async () => {
    const id = await paidOrder();
    await admin().orders.process.mutate({ id });
    return id;
  };
  const shipped = async () => {
    const id = await processed();
    await admin().orders.ship.mutate({ id, carrier: 'DHL', tracking_number: `AU${id}` });
    return id;
  };
  /** A refund row the gateway failed (set so directly: the webhook tests walk that path). */
  const failedRefund = async () => {
    const id = await paidOrder();
    await admin().orders.refund.mutate({ order_id: id, amount: 1, reason: 'Goodwill' });
    const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
    await db
      .update(orderRefunds)
      .set({ status: 'failed' })
      .where(eq(orderRefunds.id, row?.id ?? 0));
    return row?.id ?? 0;
  };
  const requestedReturn = async () => {
    const bought = await deliveredOrder(shop, {
      shirt: unique('Audit Shirt '),
      scarf: unique('Audit Scarf '),
    });
    const made = await app.t.request('POST', `/customer/orders/${bought.id}/returns`, {
      token: bought.token,
      body: {
        items: [{ order_item_id: bought.shirtLine.id, quantity: 1, reason: 'size_fit' }],
        method: 'drop_off',
        refund_to: 'original',
      },
    });
    if (made.status !== 201) throw new Error(JSON.stringify(made.body));
    return { id: made.body.data.id as number, line: bought.shirtLine.id as number };
  };
  const approvedReturn = async () => {
    const made = await requestedReturn();
    await admin().returns.approve.mutate({ id: made.id });
    return made;
  };
  const received = (line: number) => [
    { order_item_id: line, quantity: 1, condition: 'resellable' as const },
  ];
  /** A received exchange whose replacement was sold out: sendReplacement sends it now. */
  const exchangeAwaitingStock = async () => {
    const scarf = await shop.product(unique('Exchange Scarf '), 5000);
    const [taxed] = await db
      .select({ taxCategoryId: products.taxCategoryId })
      .from(products)
      .where(eq(products.id, scarf.id));
    const tee = await createConfigurableProduct(db, { sizes: ['S', 'M'], colours: ['Black'] });
    await db
      .update(products)
      .set({ taxCategoryId: taxed?.taxCategoryId ?? null })
      .where(eq(products.id, tee.id));
    const [small, medium] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, tee.id))
      .orderBy(asc(productVariants.id));
    const bought = await shop.order({
      lines: [{ productId: tee.id, variantId: small?.id ?? 0, quantity: 1 }],
    });
    await admin().orders.process.mutate({ id: bought.id });
    await admin().orders.ship.mutate({ id: bought.id, carrier: 'DHL', tracking_number: 'EX1' });
    await admin().orders.complete.mutate({ id: bought.id });
    const line = bought.order.items[0].id as number;
    const made = await app.t.request('POST', `/customer/orders/${bought.id}/returns`, {
      token: bought.token,
      body: {
        items: [
          { order_item_id: line, quantity: 1, reason: 'size_fit', exchange_variant_id: medium?.id },
        ],
        method: 'pickup',
        refund_to: 'original',
      },
    });
    if (made.status !== 201) throw new Error(JSON.stringify(made.body));
    const id = made.body.data.id as number;
    const stock = (stockQuantity: number) =>
      db
        .update(productVariants)
        .set({ stockQuantity })
        .where(eq(productVariants.id, medium?.id ?? 0));
    await admin().returns.approve.mutate({ id });
    await stock(0);
    await admin().returns.receive.mutate({ id, items: received(line) });
    await stock(2);
    return id;
  };
  const imageOf = async (productId: number) => {
    const [image] = await db
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    return image?.id ?? 0;
  };
  const variantOf = async () => {
    const product = await createConfigurableProduct(db);
    const [variant] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    return { product_id: product.id, variant_id: variant?.id ?? 0 };
  };
  const agent = async () =>
    (await admin().aiAgents.create.mutate({ name: unique('Agent '), system_prompt: 'Be brief.' }))
      .data.id;
  const taxCategory = async () =>
    (await admin().taxCategories.create.mutate({ code: unique('TC').toUpperCase(), name: 'Tax' }))
      .data;
  const taxRule = async () => {
    const category = await taxCategory();
    return (
      await admin().taxRules.create.mutate({
        country: 'IN',
        region: '*',
        tax_category: category.code,
        components: [{ name: 'IGST', rate: 5 }],
      })
    ).data.id;
  };
  const failedJob = async () => {
    await registerCustomer(app.t);
    const [job] = await db.select({ id: bossJobs.id }).from(bossJobs).limit(1);
    await db
      .update(bossJobs)
      .set({ state: 'failed' })
      .where(eq(bossJobs.id, job?.id ?? ''));
    return job?.id ?? '';
  };
  /** A goodwill refund a staff member with a refund limit of 0 asked for: it awaits approval. */
  const awaitingRefund = async () => {
    const orderId = await paidOrder();
    const limited = await admin().roles.create.mutate({
      name: unique('Limited '),
      permissions: ['orders:read', 'refunds:issue'],
      refund_limit: 0,
    });
    const member = await registerAdmin(app.t, 'support');
    await db
      .update(users)
      .set({ staffRoleId: limited.data.id })
      .where(eq(users.id, member.user.id));
    const asked = await adminClient(app.server.baseUrl, member.token).admin.orders.refund.mutate({
      order_id: orderId,
      amount: 1,
      reason: 'Goodwill',
    });
    if (asked.data.refund?.status !== 'awaiting_approval')
      throw new Error('the refund did not wait');
    return asked.data.refund.id;
  };
  const customerId = async () => (await registerCustomer(app.t)).user.id as number;
  const staffId = async () => (await registerAdmin(app.t, 'support')).user.id as number;

  return {
    roleId,
    newRole,
    paidOrder,
    processed,
    shipped,
    failedRefund,
    requestedReturn,
    approvedReturn,
    received,
    exchangeAwaitingStock,
    imageOf,
    variantOf,
    agent,
    taxCategory,
    taxRule,
    failedJob,
    awaitingRefund,
    customerId,
    staffId,
  };
}
