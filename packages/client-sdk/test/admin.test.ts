/** The admin entry point: a typed tRPC client over /trpc against the real server. */
import { registerAdmin, registerCustomer } from '@storefront/api/test/harness';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { createAdminClient } from '../src/admin';
import { memoryTokenStore } from '../src/tokens';
import { useTestServer } from './support';

const server = useTestServer();

describe('createAdminClient', () => {
  it('calls admin procedures with the token from a store and gets typed data', async () => {
    const admin = await registerAdmin(server.t);
    const target = await registerCustomer(server.t, { name: 'Searchable Shopper' });
    const client = createAdminClient({
      baseUrl: server.baseUrl,
      token: memoryTokenStore(admin.token),
    });
    const page = await client.admin.customers.list.query({ search: 'searchable', per_page: 5 });
    expect(page.data.map((c) => c.email)).toEqual([target.email]);
    expect(page.meta.total).toBe(1);
    const flags = await client.admin.settings.features.query();
    expect(typeof flags.data.wishlist).toBe('boolean');
  });

  it('a customer token is refused with FORBIDDEN in the error data', async () => {
    const customer = await registerCustomer(server.t);
    const client = createAdminClient({
      baseUrl: `${server.baseUrl}/api/v1`,
      token: customer.token,
    });
    const error = await client.admin.sync.status.query().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<never>).data as unknown;
    expect(data).toMatchObject({ error_code: 'FORBIDDEN', httpStatus: 403 });
  });
});
