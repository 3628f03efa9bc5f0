import {
  createBanner,
  createCategory,
  createCoupon,
  createCurrency,
  createProduct,
  createReview,
} from '@storefront/db/testing/factories';
import { mutationSetups, unique } from './admin-mutation-setups';
import { IMAGES } from './images';
import type { openRefundShop } from './refund-shop';

/*
 * One valid call of every admin mutation (docs/admin-panel.md "Audit log"), for the audit test
 * that walks the router: each fixture makes what its call needs and says which target the row
 * must name (`answer`: the id the call answers, a creation's). A mutation added without a
 * fixture here fails that test.
 */

type Shop = Awaited<ReturnType<typeof openRefundShop>>;
export interface MutationCall {
  input: unknown;
  target: [type: string, id: string | number | 'answer' | null];
}
export type Fixture = () => Promise<MutationCall>;

export function adminMutationFixtures(shop: Shop): Record<string, Fixture> {
  const { app } = shop;
  const { db } = app.t;
  const admin = () => app.admin.admin;
  const call = (input: unknown, type: string, id: MutationCall['target'][1]): MutationCall => ({
    input,
    target: [type, id],
  });

  const setup = mutationSetups(shop);

  return {
    'admin.roles.create': async () =>
      call(
        { name: unique('Role '), permissions: ['audit:read'], refund_limit: null },
        'role',
        'answer',
      ),
    'admin.roles.update': async () => {
      const id = await setup.newRole();
      return call({ id, name: unique('Role ') }, 'role', id);
    },
    'admin.roles.delete': async () => {
      const id = await setup.newRole();
      return call({ id }, 'role', id);
    },
    'admin.staff.invite': async () =>
      call(
        {
          email: `${unique('invitee')}@example.com`,
          name: 'Invitee',
          role_id: await setup.roleId('Support'),
        },
        'staff',
        'answer',
      ),
    'admin.staff.setRole': async () => {
      const id = await setup.staffId();
      return call({ user_id: id, role_id: await setup.roleId('Warehouse') }, 'staff', id);
    },
    'admin.staff.disable': async () => {
      const id = await setup.staffId();
      return call({ user_id: id }, 'staff', id);
    },
    'admin.customers.setBlocked': async () => {
      const id = await setup.customerId();
      return call({ id, blocked: true }, 'customer', id);
    },
    'admin.customers.delete': async () => {
      const id = await setup.customerId();
      return call({ id }, 'customer', id);
    },
    'admin.orders.process': async () => {
      const id = await setup.paidOrder();
      return call({ id }, 'order', id);
    },
    'admin.orders.ship': async () => {
      const id = await setup.processed();
      return call({ id, carrier: 'DHL', tracking_number: 'AU1' }, 'order', id);
    },
    'admin.orders.complete': async () => {
      const id = await setup.shipped();
      return call({ id }, 'order', id);
    },
    'admin.orders.refund': async () => {
      const id = await setup.paidOrder();
      return call({ order_id: id, amount: 1, reason: 'Goodwill' }, 'order', id);
    },
    'admin.orders.retryRefund': async () => {
      const id = await setup.failedRefund();
      return call({ refund_id: id }, 'refund', id);
    },
    'admin.orders.cancel': async () => {
      const id = await setup.paidOrder();
      return call({ id, reason: 'Changed their mind' }, 'order', id);
    },
    'admin.orders.sendPaymentLink': async () => {
      const product = await shop.product(unique('COD Lamp '), 2000);
      const { id } = await shop.order({
        lines: [{ productId: product.id, quantity: 1 }],
        pay: 'cod',
      });
      return call({ order_id: id }, 'order', id);
    },
    'admin.refunds.retry': async () => {
      const id = await setup.failedRefund();
      return call({ id }, 'refund', id);
    },
    'admin.refunds.approve': async () => {
      const id = await setup.awaitingRefund();
      return call({ id }, 'refund', id);
    },
    'admin.refunds.decline': async () => {
      const id = await setup.awaitingRefund();
      return call({ id, reason: 'Not eligible' }, 'refund', id);
    },
    'admin.returns.approve': async () => {
      const { id } = await setup.requestedReturn();
      return call({ id, note: 'Label attached.' }, 'return', id);
    },
    'admin.returns.reject': async () => {
      const { id } = await setup.requestedReturn();
      return call({ id, reason: 'Worn.' }, 'return', id);
    },
    'admin.returns.receive': async () => {
      const { id, line } = await setup.approvedReturn();
      return call({ id, items: setup.received(line) }, 'return', id);
    },
    'admin.returns.sendReplacement': async () => {
      const id = await setup.exchangeAwaitingStock();
      return call({ id }, 'return', id);
    },
    'admin.returns.refund': async () => {
      const { id, line } = await setup.approvedReturn();
      await admin().returns.receive.mutate({ id, items: setup.received(line) });
      return call({ id }, 'return', id);
    },
    'admin.products.create': async () =>
      call(
        { sku: unique('LAMP-'), name: unique('Audit Lamp '), price: 10, stock: 3 },
        'product',
        'answer',
      ),
    'admin.products.update': async () => {
      const { id } = await createProduct(db);
      return call({ id, name: unique('Renamed ') }, 'product', id);
    },
    'admin.products.setStock': async () => {
      const { id } = await createProduct(db);
      return call({ id, stock: 7 }, 'product', id);
    },
    'admin.products.deactivate': async () => {
      const { id } = await createProduct(db);
      return call({ id }, 'product', id);
    },
    'admin.products.applyDescription': async () => {
      const { id } = await createProduct(db);
      return call({ id, short_description: 'Short.', description: 'Long.' }, 'product', id);
    },
    'admin.products.images.add': async () => {
      const { id } = await createProduct(db);
      return call({ product_id: id, url: 'https://images.example.com/a.jpg' }, 'product', id);
    },
    'admin.products.images.upload': async () => {
      const { id } = await createProduct(db);
      const image_base64 = IMAGES.png.bytes.toString('base64');
      return call({ product_id: id, image_base64 }, 'product', id);
    },
    'admin.products.images.update': async () => {
      const { id } = await createProduct(db);
      return call(
        { product_id: id, image_id: await setup.imageOf(id), alt: 'Front' },
        'product',
        id,
      );
    },
    'admin.products.images.remove': async () => {
      const { id } = await createProduct(db);
      return call({ product_id: id, image_id: await setup.imageOf(id) }, 'product', id);
    },
    'admin.products.images.reorder': async () => {
      const { id } = await createProduct(db);
      return call({ product_id: id, image_ids: [await setup.imageOf(id)] }, 'product', id);
    },
    'admin.products.variants.add': async () => {
      const { product_id } = await setup.variantOf();
      const input = { product_id, sku: unique('SKU-'), price: 30, options: { size: 'XL' } };
      return call(input, 'product', product_id);
    },
    'admin.products.variants.update': async () => {
      const ids = await setup.variantOf();
      return call({ ...ids, price: 31 }, 'product', ids.product_id);
    },
    'admin.products.variants.remove': async () => {
      const ids = await setup.variantOf();
      return call(ids, 'product', ids.product_id);
    },
    'admin.categories.create': async () => call({ name: unique('Lamps ') }, 'category', 'answer'),
    'admin.categories.update': async () => {
      const { id } = await createCategory(db);
      return call({ id, name: unique('Lights ') }, 'category', id);
    },
    'admin.categories.delete': async () => {
      const { id } = await createCategory(db);
      return call({ id }, 'category', id);
    },
    'admin.reviews.remove': async () => {
      const { id: productId } = await createProduct(db);
      const review = await createReview(db, { productId, userId: await setup.customerId() });
      return call({ id: review.id }, 'review', review.id);
    },
    'admin.coupons.create': async () =>
      call({ code: unique('SAVE').toUpperCase(), type: 'fixed', value: 5 }, 'coupon', 'answer'),
    'admin.coupons.update': async () => {
      const { id } = await createCoupon(db);
      return call({ id, description: 'Five off' }, 'coupon', id);
    },
    'admin.coupons.deactivate': async () => {
      const { id } = await createCoupon(db);
      return call({ id }, 'coupon', id);
    },
    'admin.settings.setFeature': async () =>
      call({ flag: 'wishlist', enabled: true }, 'setting', null),
    'admin.settings.updateTax': async () => call({ legal_name: 'Audit Traders' }, 'setting', null),
    'admin.settings.updateReturns': async () => call({ return_window_days: 30 }, 'setting', null),
    'admin.settings.updateDelivery': async () => call({ cutoff_hour: 14 }, 'setting', null),
    'admin.delivery.importRules': async () =>
      call(
        { csv: 'postcode,zone,deliverable,cod,min_days,max_days\n999001,Z,true,true,2,4' },
        'delivery',
        null,
      ),
    'admin.delivery.deleteRules': async () => call({ ids: [999_999] }, 'delivery', null),
    'admin.aiAgents.create': async () =>
      call({ name: unique('Agent '), system_prompt: 'Be brief.' }, 'aiAgent', 'answer'),
    'admin.aiAgents.update': async () => {
      const id = await setup.agent();
      return call({ id, name: unique('Agent ') }, 'aiAgent', id);
    },
    'admin.aiAgents.remove': async () => {
      const id = await setup.agent();
      return call({ id }, 'aiAgent', id);
    },
    'admin.banners.create': async () =>
      call(
        { identifier: unique('b-'), title: 'Sale', image_url: 'https://images.example.com/b.jpg' },
        'banner',
        'answer',
      ),
    'admin.banners.update': async () => {
      const { id } = await createBanner(db);
      return call({ id, title: 'Sale on' }, 'banner', id);
    },
    'admin.banners.delete': async () => {
      const { id } = await createBanner(db);
      return call({ id }, 'banner', id);
    },
    'admin.currencies.create': async () =>
      call({ code: 'EUR', name: 'Euro', symbol: '€', exchange_rate: 0.011 }, 'currency', 'EUR'),
    'admin.currencies.update': async () => {
      await createCurrency(db, { code: 'GBP' });
      return call({ code: 'GBP', name: 'Sterling' }, 'currency', 'GBP');
    },
    'admin.currencies.delete': async () => {
      await createCurrency(db, { code: 'JPY' });
      return call({ code: 'JPY' }, 'currency', 'JPY');
    },
    'admin.shippingMethods.create': async () =>
      call({ code: 'audit-express', name: 'Express', rate: 9 }, 'shippingMethod', 'audit-express'),
    'admin.shippingMethods.update': async () =>
      call({ code: 'flatrate', name: 'Flat rate' }, 'shippingMethod', 'flatrate'),
    'admin.shippingMethods.deactivate': async () => {
      await admin().shippingMethods.create.mutate({ code: 'audit-slow', name: 'Slow', rate: 1 });
      return call({ code: 'audit-slow' }, 'shippingMethod', 'audit-slow');
    },
    'admin.taxRates.set': async () =>
      call({ country: 'FR', name: 'TVA', rate: 20 }, 'taxRate', 'FR'),
    'admin.taxRates.delete': async () => {
      await admin().taxRates.set.mutate({ country: 'DE', name: 'MwSt', rate: 19 });
      return call({ country: 'DE' }, 'taxRate', 'DE');
    },
    'admin.taxCategories.create': async () =>
      call({ code: unique('TC').toUpperCase(), name: 'Books' }, 'taxCategory', 'answer'),
    'admin.taxCategories.update': async () => {
      const { id } = await setup.taxCategory();
      return call({ id, name: 'Renamed' }, 'taxCategory', id);
    },
    'admin.taxCategories.delete': async () => {
      const { id } = await setup.taxCategory();
      return call({ id }, 'taxCategory', id);
    },
    'admin.taxRules.create': async () => {
      const { code } = await setup.taxCategory();
      const input = {
        country: 'IN',
        region: '*',
        tax_category: code,
        components: [{ name: 'IGST', rate: 5 }],
      };
      return call(input, 'taxRule', 'answer');
    },
    'admin.taxRules.update': async () => {
      const id = await setup.taxRule();
      return call({ id, components: [{ name: 'IGST', rate: 12 }] }, 'taxRule', id);
    },
    'admin.taxRules.delete': async () => {
      const id = await setup.taxRule();
      return call({ id }, 'taxRule', id);
    },
    'admin.taxRules.presetIndiaGst': async () => call({ state: 'KA' }, 'taxRule', null),
    'admin.jobs.retry': async () => {
      const id = await setup.failedJob();
      return call({ id }, 'job', id);
    },
    'admin.admins.invite': async () =>
      call(
        {
          name: 'Grace',
          email: `${unique('grace')}@example.com`,
          password: 'a long admin password',
        },
        'admin',
        'answer',
      ),
    'admin.admins.disable': async () => {
      const id = await setup.staffId();
      return call({ id }, 'admin', id);
    },
    'admin.notifications.send': async () =>
      call({ title: 'Sale', body: 'Everything half off.' }, 'notification', 'answer'),
    'admin.giftCards.issue': async () => call({ amount: 25 }, 'giftCard', 'answer'),
    'admin.giftCards.disable': async () => {
      const { id } = (await admin().giftCards.issue.mutate({ amount: 5 })).data;
      return call({ id }, 'giftCard', id);
    },
    'admin.loyalty.updateSettings': async () => {
      const input = {
        points_per_unit: 1,
        point_value: 0.01,
        min_redeem: 100,
        max_redeem_share: 1,
        points_expire_days: 365,
      };
      return call(input, 'loyalty', null);
    },
    'admin.loyalty.adjust': async () => {
      const id = await setup.customerId();
      return call({ customer_id: id, points: 10, reason: 'Welcome' }, 'customer', id);
    },
  };
}
