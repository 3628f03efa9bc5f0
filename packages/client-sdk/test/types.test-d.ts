/**
 * Type-level tests, checked by tsc during `vitest run`: wrong inputs do not compile, results are
 * unwrapped, and the generated types are exactly the server's.
 */
import type { AppRouter as ServerRouter } from '@storefront/routers/root';
import type { inferRouterError, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { describe, expectTypeOf, it } from 'vitest';
import type { AppRouter as GeneratedRouter } from '../src/admin';
import {
  createStorefrontClient,
  type OperationResult,
  type StorefrontClient,
  type StorefrontError,
  type StorefrontErrorCode,
} from '../src/index';

const client: StorefrontClient = createStorefrontClient({ baseUrl: 'http://127.0.0.1:1' });

describe('generated types match the server', () => {
  it('inputs, outputs and the /trpc error shape are the router’s', () => {
    expectTypeOf<inferRouterInputs<GeneratedRouter>>().toEqualTypeOf<
      inferRouterInputs<ServerRouter>
    >();
    expectTypeOf<inferRouterOutputs<GeneratedRouter>>().toEqualTypeOf<
      inferRouterOutputs<ServerRouter>
    >();
    expectTypeOf<inferRouterError<GeneratedRouter>>().toEqualTypeOf<
      inferRouterError<ServerRouter>
    >();
  });
});

describe('the REST client', () => {
  it('returns data, unwrapped from the envelope', () => {
    expectTypeOf(client.auth.me).returns.resolves.toEqualTypeOf<
      inferRouterOutputs<ServerRouter>['auth']['me']['data']
    >();
    expectTypeOf<OperationResult<'auth.login'>>().toHaveProperty('token').toEqualTypeOf<string>();
    expectTypeOf(client.addresses.remove).returns.resolves.toEqualTypeOf<null>();
    expectTypeOf(client.sync.heartbeat).returns.resolves.toEqualTypeOf<void>();
    expectTypeOf(client.sync.status).returns.resolves.toHaveProperty('connected');
    expectTypeOf(client.orders.invoice).returns.resolves.toEqualTypeOf<ArrayBuffer>();
    expectTypeOf(client.orders.creditNotePdf).returns.resolves.toEqualTypeOf<ArrayBuffer>();
    expectTypeOf(client.orders.creditNotes).returns.resolves.toHaveProperty('length');
    expectTypeOf(client.auth.uploadAvatar).returns.resolves.toEqualTypeOf<{
      avatar_url: string;
    }>();
  });

  it('refuses wrong inputs', () => {
    // @ts-expect-error email is required
    void client.auth.login({ password: 'x' });
    const fields = { name: 'a', email: 'a', password: 'a', password_confirmation: 'a', phone: '1' };
    // @ts-expect-error terms_accepted must be true
    void client.auth.register({ ...fields, terms_accepted: false });
    // @ts-expect-error the address id is a number
    void client.addresses.update({ id: '7', city: 'Oslo' });
    // @ts-expect-error gender is an enum
    void client.customer.updateProfile({ gender: 'robot' });
    // @ts-expect-error unknown operation
    void client.auth.doesNotExist;
    // @ts-expect-error an operation without input takes only options
    void client.auth.me({ id: 1 });
    // Every field optional: input may be left out.
    void client.auth.logout();
    void client.features.list({ signal: new AbortController().signal });
  });

  it('has the issue’s namespaces, and typed error codes', () => {
    expectTypeOf(client).toHaveProperty('products');
    expectTypeOf(client).toHaveProperty('checkout');
    expectTypeOf<StorefrontError['code']>().toEqualTypeOf<StorefrontErrorCode>();
    expectTypeOf<'NETWORK_ERROR'>().toExtend<StorefrontErrorCode>();
    expectTypeOf<'VALIDATION_ERROR'>().toExtend<StorefrontErrorCode>();
    // @ts-expect-error not a code of the contract
    expectTypeOf<'TEAPOT'>().toExtend<StorefrontErrorCode>();
  });
});
