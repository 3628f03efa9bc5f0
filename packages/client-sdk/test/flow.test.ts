/**
 * The SDK against the real server (createTestApp on a database of its own, a real HTTP port).
 * One customer walks through the app in order; each `it` continues where the previous one ended.
 */
import { TEST_GATEWAY_SECRET } from '@storefront/api/test/harness';
import { IMAGES } from '@storefront/api/test/support/images';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { signPayment } from '@storefront/routers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createStorefrontClient,
  type FetchLike,
  isStorefrontError,
  memoryTokenStore,
  ROUTES,
  type StorefrontClient,
  type StorefrontError,
} from '../src/index';
import { createTransport } from '../src/transport';
import { failure, useTestServer } from './support';

const server = useTestServer();

let seq = 0;
function newCustomer() {
  seq += 1;
  const password = 'correct horse 1';
  return {
    name: `Flow Customer ${seq}`,
    email: `flow${seq}-${Date.now()}@example.com`,
    password,
    password_confirmation: password,
    phone: '+44 20 7946 0001',
    terms_accepted: true as const,
  };
}

describe('a customer through the app', () => {
  const tokens = memoryTokenStore();
  const unauthorized: StorefrontError[] = [];
  let client: StorefrontClient;
  const account = newCustomer();
  let password = account.password;

  beforeAll(() => {
    client = createStorefrontClient({
      baseUrl: server.baseUrl,
      tokenStore: tokens,
      onUnauthorized: (error) => {
        unauthorized.push(error);
      },
    });
  });

  it('registers, and the token is stored', async () => {
    const data = await client.auth.register(account);
    expect(data.token_type).toBe('Bearer');
    expect(data.user.email).toBe(account.email);
    expect(await tokens.get()).toBe(data.token);
    const me = await client.auth.me();
    expect(me).toMatchObject({ email: account.email, name: account.name });
  });

  it('reads the feature flags without an envelope around them', async () => {
    const features = await client.features.list();
    expect(typeof features.wishlist).toBe('boolean');
  });

  it('updates the profile (PUT with a JSON body)', async () => {
    const updated = await client.customer.updateProfile({
      name: 'Renamed Customer',
      date_of_birth: '1990-04-01',
      gender: 'other',
    });
    expect(updated).toMatchObject({ name: 'Renamed Customer', date_of_birth: '1990-04-01' });
    expect((await client.customer.profile()).name).toBe('Renamed Customer');
  });

  it('creates, lists, updates and deletes addresses (path params)', async () => {
    const created = await client.addresses.create({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+44 20 7946 0002',
      address_line_1: '12 Analytical St',
      city: 'London',
      postcode: 'N1 9GU',
      country: 'GB',
    });
    expect(created).toMatchObject({ city: 'London', country: 'GB', is_default_shipping: true });

    const updated = await client.addresses.update({ id: created.id, city: 'Cambridge' });
    expect(updated.city).toBe('Cambridge');
    expect((await client.addresses.list()).map((a) => a.city)).toEqual(['Cambridge']);

    expect(await client.addresses.remove({ id: created.id })).toBeNull();
    expect(await client.addresses.list()).toEqual([]);

    const missing = await failure(client.addresses.remove({ id: created.id }));
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('uploads an avatar as a Blob (a small real PNG)', async () => {
    const file = new Blob([IMAGES.png.bytes], { type: 'image/png' });
    const result = await client.auth.uploadAvatar(file);
    expect(result.avatar_url).toMatch(/^http:\/\/shop\.test\/uploads\/.+/);
    expect((await client.auth.me()).avatar_url).toBe(result.avatar_url);
  });

  it('refuses a file that is not an image with errors.avatar', async () => {
    const error = await failure(
      client.auth.uploadAvatar(new Blob(['not an image'], { type: 'image/png' })),
    );
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(error.fieldErrors)).toEqual(['avatar']);
  });

  it('changes the password; a wrong current password names the field', async () => {
    const wrong = await failure(
      client.auth.changePassword({
        current_password: 'not my password',
        password: 'a new password 2',
        password_confirmation: 'a new password 2',
      }),
    );
    expect(wrong.code).toBe('VALIDATION_ERROR');
    expect(wrong.fieldErrors.current_password?.length).toBeGreaterThan(0);

    await client.auth.changePassword({
      current_password: password,
      password: 'a new password 2',
      password_confirmation: 'a new password 2',
    });
    password = 'a new password 2';
    expect((await client.auth.me()).email).toBe(account.email);
  });

  it('refreshes the token: the new one is stored, the old one is revoked', async () => {
    const before = await tokens.get();
    const refreshed = await client.auth.refresh();
    expect(refreshed.token).not.toBe(before);
    expect(await tokens.get()).toBe(refreshed.token);
    await client.auth.me();
  });

  it('adds to the cart, checks out with the card gateway, places the order once, downloads the invoice and cancels', async () => {
    const { t } = server;
    await createCurrency(t.db, { code: 'USD', isDefault: true });
    await seedStoreSetup(t.db);
    const product = await createProduct(t.db, {
      name: 'Enamel Mug',
      priceCents: 1200,
      stockQuantity: 5,
    });

    const cart = await client.cart.add({ product_id: product.id, quantity: 2 });
    expect(cart.items[0]).toMatchObject({ product_id: product.id, quantity: 2 });
    expect((await client.cart.count()).count).toBe(2);
    const outOfStock = await failure(client.cart.add({ product_id: product.id, quantity: 10 }));
    expect(outOfStock.code).toBe('OUT_OF_STOCK');

    await client.checkout.init();
    await client.checkout.shippingAddress({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+44 20 7946 0018',
      address_line_1: '12 St James Square',
      city: 'London',
      postcode: 'SW1Y 4JH',
      country: 'GB',
    });
    const methods = await client.checkout.shippingMethods();
    await client.checkout.shippingMethod({ shipping_method: methods[0]?.code ?? '' });
    const { gateway_order: gatewayOrder } = await client.checkout.paymentMethod({
      payment_method: 'card',
    });
    expect(gatewayOrder).not.toBeNull();
    const paymentId = `pay_sdk_${Date.now()}`;
    const placed = await client.checkout.placeOrder({
      payment_data: {
        gateway_order_id: gatewayOrder?.id ?? '',
        gateway_payment_id: paymentId,
        gateway_signature: signPayment(TEST_GATEWAY_SECRET, gatewayOrder?.id ?? '', paymentId),
      },
    });
    expect(placed).toMatchObject({ status: 'pending', payment_status: 'paid' });
    expect((await client.cart.get()).items).toEqual([]);

    const { data: orders, meta } = await client.orders.list({});
    expect(meta.total).toBe(1);
    expect(orders[0]?.order_number).toBe(placed.order_number);
    const invoice = await client.orders.invoice(placed.order_id);
    expect(new TextDecoder().decode(new Uint8Array(invoice).slice(0, 5))).toBe('%PDF-');
    const tracking = await client.orders.track({ id: placed.order_id });
    expect(tracking.events.map((event) => event.status)).toEqual(['pending']);
    const canceled = await client.orders.cancel({ id: placed.order_id, reason: 'Changed my mind' });
    // The refund is a background job: pending now, `refunded` once the gateway has processed it.
    expect(canceled).toMatchObject({ status: 'canceled', payment_status: 'refund_pending' });
    await vi.waitFor(
      async () =>
        expect((await client.orders.get({ id: placed.order_id })).payment_status).toBe('refunded'),
      { timeout: 10_000, interval: 100 },
    );
    const again = await failure(client.orders.cancel({ id: placed.order_id, reason: 'Twice' }));
    expect(again.code).toBe('ORDER_NOT_CANCELLABLE');
  });

  it('logs out: the token is cleared, and calls without it answer 401', async () => {
    const before = await tokens.get();
    expect(await client.auth.logout()).toBeNull();
    expect(await tokens.get()).toBeNull();
    const error = await failure(client.auth.me());
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    // No token was presented, and logout itself never reports: the handler stayed quiet.
    expect(unauthorized).toHaveLength(0);

    // A revoked token presented by parallel requests: onUnauthorized runs once, token cleared.
    await tokens.set(before as string);
    const storm = await Promise.all(
      [client.auth.me(), client.customer.profile(), client.addresses.list()].map(failure),
    );
    expect(storm.map((e) => e.code)).toEqual(Array(3).fill('UNAUTHENTICATED'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(unauthorized).toHaveLength(1);
    expect(unauthorized[0]?.status).toBe(401);
    expect(await tokens.get()).toBeNull();
  });

  it('logs in again with the new password', async () => {
    const data = await client.auth.login({ email: account.email, password });
    expect(await tokens.get()).toBe(data.token);
    expect((await client.auth.me()).email).toBe(account.email);
  });
});

describe('typed failures from the server', () => {
  const client = () => createStorefrontClient({ baseUrl: `${server.baseUrl}/api/v1/` });

  it('a bad registration throws VALIDATION_ERROR with field errors', async () => {
    const error = await failure(
      client().auth.register({
        ...newCustomer(),
        email: 'not-an-email',
        password_confirmation: 'something else',
      }),
    );
    expect(isStorefrontError(error)).toBe(true);
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBeTruthy();
    expect(Object.keys(error.fieldErrors).sort()).toEqual(['email', 'password_confirmation']);
    expect(error.requestId).toBeTruthy();
  });

  it('a duplicate e-mail names errors.email', async () => {
    const account = newCustomer();
    await client().auth.register(account);
    const error = await failure(client().auth.register(account));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fieldErrors.email?.length).toBe(1);
  });

  it('wrong credentials are INVALID_CREDENTIALS and do not call onUnauthorized', async () => {
    const calls: unknown[] = [];
    const anonymous = createStorefrontClient({
      baseUrl: server.baseUrl,
      onUnauthorized: (e) => {
        calls.push(e);
      },
    });
    const error = await failure(
      anonymous.auth.login({ email: 'nobody@example.com', password: 'whatever 123' }),
    );
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(calls).toEqual([]);
  });

  it('an unreachable server is NETWORK_ERROR with status 0 (after the GET retries)', async () => {
    const closed = await server.t.listen();
    await closed.close();
    const error = await failure(
      createStorefrontClient({
        baseUrl: closed.baseUrl,
        retry: { retries: 1, baseDelayMs: 1 },
      }).features.list(),
    );
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('retry with the same Idempotency-Key after a dropped response', () => {
  it('sends the same key again, and the answer of the retry is returned', async () => {
    const seen: { method: string; key: string | undefined }[] = [];
    let dropped = false;
    // The request reaches the server and is processed; its answer is lost on the way back.
    const flaky: FetchLike = async (url, init) => {
      seen.push({ method: init.method, key: init.headers['Idempotency-Key'] });
      const response = await fetch(url, init);
      if (init.method === 'POST' && !dropped) {
        dropped = true;
        await response.arrayBuffer();
        throw new TypeError('Network request failed');
      }
      return response;
    };
    const tokens = memoryTokenStore();
    const client = createStorefrontClient({
      baseUrl: server.baseUrl,
      tokenStore: tokens,
      fetch: flaky,
    });
    dropped = true; // let the registration through
    await client.auth.register(newCustomer());
    dropped = false;
    seen.length = 0;

    // checkout.placeOrder is not on the server yet: the same mechanism on a POST that is,
    // marked idempotent exactly as the generator marks POST /checkout/place-order.
    const transport = createTransport({
      baseUrl: server.baseUrl,
      fetch: flaky,
      tokenStore: tokens,
      retry: { baseDelayMs: 1 },
    });
    const result = await transport.call(
      { ...ROUTES['sync.heartbeat'], idempotent: true },
      { connected: true },
    );
    expect(result).toBeUndefined();
    expect(seen).toHaveLength(2);
    expect(seen[0]?.key).toMatch(/^[\w-]{16,}$/);
    expect(seen[1]?.key).toBe(seen[0]?.key);
  });

  it('a POST that is not idempotent is sent once: the network error is thrown', async () => {
    let calls = 0;
    const client = createStorefrontClient({
      baseUrl: server.baseUrl,
      fetch: async (url, init) => {
        calls += 1;
        await (await fetch(url, init)).arrayBuffer();
        throw new TypeError('Network request failed');
      },
    });
    const error = await failure(client.auth.register(newCustomer()));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(calls).toBe(1);
  });
});

describe('catalogue reads revalidated with ETags', () => {
  it('the second read of a product is a 304 answered from the kept copy; a change is seen', async () => {
    const product = await createProduct(server.t.db, { name: 'Revalidated Lamp' });
    const statuses: number[] = [];
    const fetch: FetchLike = async (url, init) => {
      const response = await globalThis.fetch(url, init as RequestInit);
      statuses.push(response.status);
      return response;
    };
    const client = createStorefrontClient({ baseUrl: server.baseUrl, fetch });
    const first = await client.products.detail({ id: product.id });
    const second = await client.products.detail({ id: product.id });
    expect(statuses).toEqual([200, 304]);
    expect(second).toEqual(first);
    expect(second.name).toBe('Revalidated Lamp');

    // Any catalogue write moves the ETag: the next read is a full 200 again.
    await server.t.services.catalog.version.changed();
    expect((await client.products.detail({ id: product.id })).id).toBe(product.id);
    expect(statuses).toEqual([200, 304, 200]);
  });
});
