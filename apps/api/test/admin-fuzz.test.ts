import {
  coupons,
  productImages,
  productVariants,
  taxCategories,
  taxRules,
} from '@storefront/db/schema';
import {
  createBanner,
  createCategory,
  createConfigurableProduct,
  createCoupon,
  createProduct,
} from '@storefront/db/testing/factories';
import { ERROR_CODES } from '@storefront/routers/errors';
import { appRouter } from '@storefront/routers/root';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, registerAdmin, type TestApp } from './harness';
import { nastyValue, plausibleValue, RUNS, SEED } from './support/fuzz-arbitraries';
import { createOwner, type Owner, prepareShop } from './support/owned-resources';

/**
 * The back office's procedures over /trpc get the same property as the REST operations
 * (fuzz.test.ts): whatever the input, never a 5xx, and every failure carries an error code of
 * the contract. An app of its own: the admin calls here block, delete and cancel at random.
 */

interface AdminProcedure {
  path: string;
  type: 'query' | 'mutation';
  fields: string[];
}

type ProcedureDef = { _def: { type: 'query' | 'mutation'; inputs: z.ZodType[] } };

const adminProcedures: AdminProcedure[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, ProcedureDef>,
)
  .filter(([path]) => path.startsWith('admin.'))
  .map(([path, procedure]) => {
    const input = procedure._def.inputs[0] as { shape?: Record<string, unknown> } | undefined;
    return { path, type: procedure._def.type, fields: Object.keys(input?.shape ?? {}) };
  });

const procedureAt = (path: string) => {
  const procedure = adminProcedures.find((p) => p.path === path);
  if (!procedure) throw new Error(`no admin procedure ${path}`);
  return procedure;
};

let t: TestApp;
let owner: Owner;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  await prepareShop(t);
  owner = await createOwner(t);
  adminToken = (await registerAdmin(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const call = (procedure: AdminProcedure, input: unknown) => {
  const url = `/trpc/${procedure.path}`;
  const auth = `Bearer ${adminToken}`;
  return procedure.type === 'query'
    ? supertest(t.app)
        .get(
          input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`,
        )
        .set('Authorization', auth)
    : supertest(t.app)
        .post(url)
        .set('Authorization', auth)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(input ?? null));
};

function expectTrpcAnswer(procedure: AdminProcedure, input: unknown, res: supertest.Response) {
  const what = `${procedure.path}(${JSON.stringify(input)?.slice(0, 200)})`;
  expect(res.status, `${what} answered ${res.status}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  // tRPC's error shape; a body the JSON parser refuses (e.g. a bare `null`) is answered before
  // tRPC, in the REST envelope.
  const code = res.body.error?.data?.error_code ?? res.body.error_code;
  if (res.status >= 400) expect(ERROR_CODES, what).toContain(code);
}

describe('fuzzing every admin procedure over /trpc', () => {
  it('finds the back office (and every procedure is fuzzed)', () => {
    expect(adminProcedures.length).toBeGreaterThan(40);
  });

  it('never answers 5xx; every failure names an error code of the contract', {
    timeout: Math.max(120_000, RUNS * 6_000),
  }, async () => {
    const ids = [owner.ids.order, owner.ids.review, owner.product.id, owner.user.id, 1, 2];
    for (const procedure of adminProcedures) {
      const fieldValue = fc.oneof(plausibleValue(ids), nastyValue);
      const input = fc.oneof(
        // The procedure's own fields: plausible values get past validation into the services.
        procedure.fields.length === 0
          ? fc.constant(undefined)
          : fc.dictionary(fc.constantFrom(...procedure.fields), fieldValue, { maxKeys: 8 }),
        nastyValue,
      );
      // A query's input travels in the URL: Node itself answers 431 past its 16 KB header limit.
      const sendable =
        procedure.type === 'query'
          ? input.filter((value) => encodeURIComponent(JSON.stringify(value) ?? '').length < 8_000)
          : input;
      await fc.assert(
        fc.asyncProperty(sendable, async (value) => {
          expectTrpcAnswer(procedure, value, await call(procedure, value));
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    }
  });
});

describe('admin updates that name no field', () => {
  // Found by the fuzz above on PostgreSQL: an update with only its key sent drizzle an empty SET
  // (500). Now it changes nothing and answers the resource as it is.
  it('answer 200 with the resource unchanged, for every admin update', async () => {
    const { db } = t;
    const product = await createProduct(db);
    const [image] = await db
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, product.id));
    const configurable = await createConfigurableProduct(db);
    const [variant] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, configurable.id));
    const category = await createCategory(db);
    const coupon = await createCoupon(db);
    const banner = await createBanner(db);
    const agents = await call(procedureAt('admin.aiAgents.list'), undefined);
    const agentId = agents.body.result?.data?.data?.[0]?.id;
    const [taxCategory] = await db
      .insert(taxCategories)
      .values({ code: 'FUZZNOOP', name: 'No-op' })
      .returning();
    const [taxRule] = await db
      .insert(taxRules)
      .values({ country: 'IN', region: 'KA', taxCategoryId: taxCategory?.id, components: [] })
      .returning();
    const updates: [string, object][] = [
      ['admin.products.images.update', { product_id: product.id, image_id: image?.id }],
      ['admin.products.variants.update', { product_id: configurable.id, variant_id: variant?.id }],
      ['admin.products.update', { id: product.id }],
      ['admin.categories.update', { id: category.id }],
      ['admin.coupons.update', { id: coupon.id }],
      ['admin.banners.update', { id: banner.id }],
      ['admin.currencies.update', { code: 'USD' }],
      ['admin.shippingMethods.update', { code: 'flatrate' }],
      ['admin.taxCategories.update', { id: taxCategory?.id }],
      ['admin.taxRules.update', { id: taxRule?.id }],
      ['admin.settings.updateTax', {}],
      ...(agentId === undefined
        ? []
        : [['admin.aiAgents.update', { id: agentId }] as [string, object]]),
    ];
    for (const [path, input] of updates) {
      const res = await call(procedureAt(path), input);
      expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(200);
    }
    const [unchanged] = await db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(unchanged).toMatchObject({
      code: coupon.code,
      value: coupon.value,
      active: coupon.active,
    });
  });
});

describe('NUL bytes in admin inputs', () => {
  // Valid inputs but for one NUL: the database would refuse the text with a driver error (500).
  const cases: [string, object, string][] = [
    [
      'admin.coupons.create',
      { code: 'NULTEST', type: 'fixed', value: 5, description: 'a\u0000b' },
      'description',
    ],
    ['admin.categories.create', { name: 'Tools\u0000' }, 'name'],
    [
      'admin.banners.create',
      {
        identifier: 'nul-test',
        title: 'Sale\u0000',
        image_url: 'https://images.example.com/b.jpg',
      },
      'title',
    ],
  ];
  for (const [path, input, field] of cases) {
    it(`${path} with NUL in ${field} answers 422 VALIDATION_ERROR naming it`, async () => {
      const res = await call(procedureAt(path), input);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.data).toMatchObject({ error_code: 'VALIDATION_ERROR' });
      expect(Object.keys(res.body.error.data.errors ?? {})).toEqual([field]);
    });
  }
});
