import { addresses } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const home = {
  first_name: 'Grace',
  last_name: 'Hopper',
  phone: '+1 555 0100',
  address_line_1: '1 Navy Way',
  city: 'Arlington',
  state: 'VA',
  postcode: '22202',
  country: 'us',
};

describe('/customer/addresses', () => {
  it('creates, lists with country_name, and makes the first address the default', async () => {
    const customer = await registerCustomer(t);
    const created = await t.request('POST', '/customer/addresses', {
      token: customer.token,
      body: home,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: 'shipping',
      country: 'US',
      country_name: 'United States of America',
      email: customer.email,
      address_line_2: null,
      is_default_shipping: true,
      is_default_billing: true,
    });
    const list = await t.request('GET', '/customer/addresses', { token: customer.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
  });

  it('keeps at most one default shipping and one default billing address', async () => {
    const customer = await registerCustomer(t);
    const first = await t.request('POST', '/customer/addresses', {
      token: customer.token,
      body: home,
    });
    const second = await t.request('POST', '/customer/addresses', {
      token: customer.token,
      body: {
        ...home,
        address_line_1: '2 Office Rd',
        country: 'GB',
        is_default_shipping: true,
        type: 'billing',
      },
    });
    expect(second.body.data).toMatchObject({
      is_default_shipping: true,
      is_default_billing: false,
      country_name: 'United Kingdom',
    });
    const list = await t.request('GET', '/customer/addresses', { token: customer.token });
    const byId = new Map(list.body.data.map((a: { id: number }) => [a.id, a]));
    expect(byId.get(first.body.data.id)).toMatchObject({
      is_default_shipping: false,
      is_default_billing: true,
    });
    expect(
      list.body.data.filter((a: { is_default_shipping: boolean }) => a.is_default_shipping),
    ).toHaveLength(1);

    const moved = await t.request('PUT', `/customer/addresses/${first.body.data.id}`, {
      token: customer.token,
      body: { is_default_shipping: true, city: 'Washington' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      is_default_shipping: true,
      city: 'Washington',
      postcode: '22202',
    });
    const rows = await t.db.select().from(addresses).where(eq(addresses.userId, customer.user.id));
    expect(rows.filter((r) => r.isDefaultShipping).map((r) => r.id)).toEqual([first.body.data.id]);
  });

  it('validates required fields and the ISO country code', async () => {
    const customer = await registerCustomer(t);
    const res = await t.request('POST', '/customer/addresses', {
      token: customer.token,
      body: { first_name: 'X', country: 'ZZ', email: 'nope' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['address_line_1', 'city', 'country', 'email', 'last_name', 'phone', 'postcode'].sort(),
    );
  });

  it("answers 404 for another customer's address on every route, and leaves it intact", async () => {
    const owner = await registerCustomer(t);
    const other = await registerCustomer(t);
    const created = await t.request('POST', '/customer/addresses', {
      token: owner.token,
      body: home,
    });
    const id = created.body.data.id;
    const put = await t.request('PUT', `/customer/addresses/${id}`, {
      token: other.token,
      body: { city: 'Hijacked' },
    });
    const del = await t.request('DELETE', `/customer/addresses/${id}`, { token: other.token });
    const unknown = await t.request('DELETE', '/customer/addresses/999999', { token: other.token });
    for (const res of [put, del, unknown]) {
      expect(res.status).toBe(404);
      expect(res.body.error_code).toBe('NOT_FOUND');
    }
    expect(put.body).toEqual(unknown.body);
    const other_list = await t.request('GET', '/customer/addresses', { token: other.token });
    expect(other_list.body.data).toEqual([]);
    const [row] = await t.db.select().from(addresses).where(eq(addresses.id, id));
    expect(row?.city).toBe('Arlington');
  });

  it('answers an update naming no field with the address unchanged (was a 500)', async () => {
    const customer = await registerCustomer(t);
    const created = await t.request('POST', '/customer/addresses', {
      token: customer.token,
      body: home,
    });
    const res = await t.request('PUT', `/customer/addresses/${created.body.data.id}`, {
      token: customer.token,
      body: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(created.body.data);
  });

  it('deletes an own address', async () => {
    const customer = await registerCustomer(t);
    const created = await t.request('POST', '/customer/addresses', {
      token: customer.token,
      body: home,
    });
    const res = await t.request('DELETE', `/customer/addresses/${created.body.data.id}`, {
      token: customer.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: null });
    expect(
      await t.db.select().from(addresses).where(eq(addresses.id, created.body.data.id)),
    ).toHaveLength(0);
  });

  it('rejects a malformed id with 422 and requires a token', async () => {
    const customer = await registerCustomer(t);
    const res = await t.request('PUT', '/customer/addresses/abc', {
      token: customer.token,
      body: {},
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.id).toBeDefined();
    expect((await t.request('GET', '/customer/addresses')).status).toBe(401);
  });
});
