import { products, taxCategories, taxRules, taxSettings } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { registerCustomer, type TestApp } from '../harness';
import { NEW_ADDRESS } from './address';
import { gatewayPayment } from './shop';

/*
 * An Indian shop for the invoice and credit-note tests (issue 37): INR, registered in
 * Karnataka (GSTIN 29…), GST 18 % goods with HSN 6109 — CGST + SGST at home, IGST elsewhere.
 */

export const SELLER = {
  legalName: 'Kaveri Textiles Private Limited',
  address: '12 Residency Road\nBengaluru 560025\nKarnataka, India',
  taxId: '29AAGCB7383J1Z4',
};
export const BUYER_GSTIN = '27AAPFU0939F1ZV';

export const KARNATAKA = {
  ...NEW_ADDRESS,
  first_name: 'Asha',
  last_name: 'Rao',
  city: 'Bengaluru',
  state: 'Karnataka',
  postcode: '560001',
  country: 'IN',
  phone: '+91 98450 12345',
};
export const MAHARASHTRA = { ...KARNATAKA, city: 'Mumbai', state: 'IN-MH', postcode: '400001' };

/** The shop's currency, methods, GST rules and tax identity; answers the GST 18 % category. */
export async function openGstShop(t: TestApp) {
  await createCurrency(t.db, { code: 'INR', isDefault: true });
  await seedStoreSetup(t.db);
  const [category] = await t.db
    .insert(taxCategories)
    .values({ code: 'GST18', name: 'GST 18 %', hsnCode: '6109' })
    .returning();
  if (!category) throw new Error('no category');
  const gst = (cgst: number) => [
    { name: 'CGST', rateBasisPoints: cgst },
    { name: 'SGST', rateBasisPoints: cgst },
  ];
  await t.db.insert(taxRules).values([
    { country: 'IN', region: 'KA', taxCategoryId: category.id, components: gst(900) },
    {
      country: 'IN',
      region: '*',
      taxCategoryId: category.id,
      components: [{ name: 'IGST', rateBasisPoints: 1800 }],
    },
    { country: 'IN', region: 'KA', taxCategoryId: null, components: gst(250) },
    {
      country: 'IN',
      region: '*',
      taxCategoryId: null,
      components: [{ name: 'IGST', rateBasisPoints: 500 }],
    },
  ]);
  await setTaxSettings(t, SELLER);
  return { gst18: category.id };
}

export function setTaxSettings(t: TestApp, values: Partial<typeof taxSettings.$inferInsert>) {
  return t.db
    .insert(taxSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: taxSettings.id, set: values });
}

/** A GST 18 % product (HSN 6109) at `priceCents`. */
export async function gstProduct(t: TestApp, gst18: number, name: string, priceCents: number) {
  const product = await createProduct(t.db, { name, priceCents, stockQuantity: 100 });
  await t.db.update(products).set({ taxCategoryId: gst18 }).where(eq(products.id, product.id));
  return product;
}

export interface Purchase {
  /** `variantId`: a configurable product's variant. */
  lines: { productId: number; variantId?: number; quantity: number }[];
  address?: object;
  pay?: 'card' | 'cod';
  /** The billing address's GSTIN (a B2B buyer). */
  gstin?: string;
  coupon?: string;
  token?: string;
  /** The gateway's proof for its order (a Razorpay stand-in's); the development gateway's otherwise. */
  proof?: (gatewayOrderId: string) => object;
  /** Gift card codes and loyalty points applied before paying. */
  giftCards?: string[];
  points?: number;
}

/** A customer buys through the REST API; answers the order id, number and the buyer's token. */
export async function buy(t: TestApp, purchase: Purchase) {
  const token = purchase.token ?? (await registerCustomer(t)).token;
  for (const line of purchase.lines) {
    const added = await t.request('POST', '/cart/add', {
      token,
      body: {
        product_id: line.productId,
        quantity: line.quantity,
        ...(line.variantId === undefined ? {} : { variant_id: line.variantId }),
      },
    });
    if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  }
  const address = purchase.address ?? KARNATAKA;
  const steps: [string, object][] = [
    ['/checkout/shipping-address', address],
    ['/checkout/shipping-method', { shipping_method: 'flatrate' }],
  ];
  if (purchase.coupon) steps.unshift(['/cart/apply-coupon', { coupon_code: purchase.coupon }]);
  for (const code of purchase.giftCards ?? []) {
    steps.push(['/cart/apply-gift-card', { gift_card_code: code }]);
  }
  if (purchase.points) steps.push(['/cart/apply-loyalty-points', { points: purchase.points }]);
  if (purchase.gstin)
    steps.push(['/checkout/billing-address', { ...address, gstin: purchase.gstin }]);
  steps.push(['/checkout/payment-method', { payment_method: purchase.pay ?? 'card' }]);
  let gatewayOrder: { id: string } | null = null;
  for (const [path, body] of steps) {
    const answer = await t.request('POST', path, { token, body });
    if (answer.status !== 200) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
    gatewayOrder = answer.body.data.gateway_order ?? gatewayOrder;
  }
  const placed = await t.request('POST', '/checkout/place-order', {
    token,
    body:
      purchase.pay === 'cod' || !gatewayOrder
        ? {}
        : { payment_data: (purchase.proof ?? gatewayPayment)(gatewayOrder.id) },
  });
  if (placed.status !== 201) throw new Error(`place-order: ${JSON.stringify(placed.body)}`);
  return {
    id: placed.body.data.order_id as number,
    orderNumber: placed.body.data.order_number as string,
    token,
  };
}
