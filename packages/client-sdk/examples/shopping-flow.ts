// The README's shopping flow, runnable against a demo server:
//   npx -y pnpm@10.34.9 start            (in the repository root, another terminal)
//   npx -y pnpm@10.34.9 --filter @storefront/client-sdk example
import { createStorefrontClient, isStorefrontError, memoryTokenStore } from '../src/index';

const client = createStorefrontClient({
  baseUrl: process.env.STOREFRONT_URL ?? 'http://localhost:8000', // `/api/v1` is added
  tokenStore: memoryTokenStore(), // in an app: an Expo SecureStore adapter (see "Tokens")
  onUnauthorized: () => console.log('session ended: show the login screen'),
});

// Sign up (or client.auth.login): the token is stored, every later call sends it.
await client.auth.register({
  name: 'Ada Lovelace',
  email: `ada-${Date.now()}@example.com`,
  password: 'analytical engine',
  password_confirmation: 'analytical engine',
  phone: '+44 20 7946 0018',
  terms_accepted: true,
});

// Browse. Paginated lists return { data, meta }.
const { data: products, meta } = await client.products.list({ per_page: 20 });
console.log(`${meta.total} products; first: ${products[0]?.name}`);
const product = await client.products.detail({ id: products[0]?.id ?? 1 });

// Cart, coupon and checkout.
await client.cart.add({
  product_id: product.id,
  quantity: 1,
  variant_id: product.variants[0]?.id ?? null,
});
await client.cart.applyCoupon({ coupon_code: 'WELCOME10' });
const saved = await client.addresses.create({
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+44 20 7946 0018',
  address_line_1: '12 St James Square',
  city: 'London',
  postcode: 'SW1Y 4JH',
  country: 'GB',
});
await client.checkout.init();
await client.checkout.shippingAddress({ address_id: saved.id });
await client.checkout.billingAddress({ same_as_shipping: true });
await client.checkout.shippingMethod({ shipping_method: 'flatrate' });
await client.checkout.paymentMethod({ payment_method: 'cod' });

// Placed once, even if the answer is lost and the SDK retries (same Idempotency-Key).
const order = await client.checkout.placeOrder({ notes: 'Ring twice' });
console.log(`placed ${order.order_number}: ${order.total} (${order.payment_status})`);

// Orders, tracking, cancelling. (Invoiced orders also have client.orders.invoice(id) → ArrayBuffer.)
const { data: orders } = await client.orders.list({ page: 1 });
const tracking = await client.orders.track({ id: order.order_id });
console.log(`${orders.length} order(s); last event: ${tracking.events.at(-1)?.description}`);
await client.orders.cancel({ id: order.order_id, reason: 'Ordered by mistake' });

// Typed errors: one StorefrontError with a code union and field errors.
try {
  await client.orders.cancel({ id: order.order_id, reason: 'Twice' });
} catch (error) {
  if (isStorefrontError(error)) console.log(`${error.status} ${error.code}: ${error.message}`);
}

// Sign out: the token is cleared locally whatever the server answers.
await client.auth.logout();
