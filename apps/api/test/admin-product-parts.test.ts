import { productImages, productVariants } from '@storefront/db/schema';
import {
  createConfigurableProduct,
  createCurrency,
  createProduct,
} from '@storefront/db/testing/factories';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFieldError, registerCustomer, trpcFailure, useAdminApp } from './harness';

const app = useAdminApp({
  config: { countCacheTtlMs: 600_000 },
  prepare: async (t) => {
    await createCurrency(t.db, { code: 'USD', isDefault: true });
  },
});

const detail = async (id: number) => (await app.t.request('GET', `/products/${id}`)).body.data;
/** The product's entry in the storefront list (its thumbnail is the main image). */
const listed = async (id: number) =>
  (
    (await app.t.request('GET', '/products?per_page=100')).body.data as {
      id: number;
      thumbnail: string | null;
    }[]
  ).find((p) => p.id === id);
const url = (name: string) => `https://cdn.example.com/products/${name}.jpg`;

describe('admin.products.images', () => {
  it('adds, reorders, updates and removes images; the main image in list and detail follows', async () => {
    const product = await createProduct(app.t.db, { name: 'Oak Tray', images: [] });
    const first = await app.admin.admin.products.images.add.mutate({
      product_id: product.id,
      url: url('front'),
    });
    expect(first.message).toBe('Image added.');
    expect(first.data.images).toEqual([
      { id: expect.any(Number), url: url('front'), alt: 'Oak Tray', position: 0 },
    ]);
    const second = await app.admin.admin.products.images.add.mutate({
      product_id: product.id,
      url: url('side'),
      alt: 'From the side',
    });
    const [front, side] = second.data.images;
    expect(side).toMatchObject({ url: url('side'), alt: 'From the side', position: 1 });
    expect((await detail(product.id)).images.map((i: { url: string }) => i.url)).toEqual([
      url('front'),
      url('side'),
    ]);
    expect((await listed(product.id))?.thumbnail).toBe(url('front'));

    const reordered = await app.admin.admin.products.images.reorder.mutate({
      product_id: product.id,
      image_ids: [side?.id ?? 0, front?.id ?? 0],
    });
    expect(reordered.data.images.map((i) => [i.id, i.position])).toEqual([
      [side?.id, 0],
      [front?.id, 1],
    ]);
    expect((await detail(product.id)).thumbnail).toBe(url('side'));
    expect((await listed(product.id))?.thumbnail).toBe(url('side'));

    await app.admin.admin.products.images.update.mutate({
      product_id: product.id,
      image_id: side?.id ?? 0,
      url: url('side-2'),
      alt: 'Side, new photo',
    });
    expect((await detail(product.id)).images[0]).toEqual({
      url: url('side-2'),
      alt: 'Side, new photo',
    });

    const removed = await app.admin.admin.products.images.remove.mutate({
      product_id: product.id,
      image_id: side?.id ?? 0,
    });
    expect(removed.data.images.map((i) => i.id)).toEqual([front?.id]);
    expect((await listed(product.id))?.thumbnail).toBe(url('front'));
    const rows = await app.t.db
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, product.id));
    expect(rows).toEqual([{ id: front?.id }]);
  });

  it('validates, 404 for another product’s or an unknown image, 403 for customers', async () => {
    const product = await createProduct(app.t.db, {
      images: [{ url: url('a') }, { url: url('b') }],
    });
    const other = await createProduct(app.t.db, { images: [{ url: url('c') }] });
    const ids = (await app.admin.admin.products.get.query({ id: product.id })).data.images.map(
      (i) => i.id,
    );
    const otherImage = (await app.admin.admin.products.get.query({ id: other.id })).data.images[0]
      ?.id;
    await expectFieldError(
      app.admin.admin.products.images.add.mutate({
        product_id: product.id,
        url: 'data:image/png,x',
      }),
      'url',
    );
    await expectFieldError(
      app.admin.admin.products.images.reorder.mutate({
        product_id: product.id,
        image_ids: [ids[0] ?? 0],
      }),
      'image_ids',
    );
    await expectFieldError(
      app.admin.admin.products.images.reorder.mutate({
        product_id: product.id,
        image_ids: [ids[0] ?? 0, otherImage ?? 0],
      }),
      'image_ids',
    );
    const foreign = await trpcFailure(
      app.admin.admin.products.images.remove.mutate({
        product_id: product.id,
        image_id: otherImage ?? 0,
      }),
    );
    expect(foreign.data?.httpStatus).toBe(404);
    const noProduct = await trpcFailure(
      app.admin.admin.products.images.add.mutate({ product_id: 999_999, url: url('x') }),
    );
    expect(noProduct.data?.httpStatus).toBe(404);
    const forbidden = await trpcFailure(
      app.customer.admin.products.images.remove.mutate({
        product_id: product.id,
        image_id: ids[0] ?? 0,
      }),
    );
    expect(forbidden.data?.httpStatus).toBe(403);
    expect((await detail(product.id)).images).toHaveLength(2);
    expect((await detail(other.id)).images).toHaveLength(1);
  });
});

type PublicVariant = {
  id: number;
  sku: string;
  price: number;
  final_price: number;
  in_stock: boolean;
};
type PublicAttribute = { code: string; values: string[] };
const attributeValuesOf = async (id: number, code: string) =>
  ((await detail(id)).attributes as PublicAttribute[]).find((a) => a.code === code)?.values;

describe('admin.products.variants', () => {
  it('creates a configurable product with variants; the storefront sells each', async () => {
    const created = await app.admin.admin.products.create.mutate({
      sku: 'ADM-TEE',
      name: 'Organic Cotton Tee',
      price: 20,
      variants: [
        { sku: 'ADM-TEE-S', price: 20, stock: 3, options: { size: 'S' } },
        {
          sku: 'ADM-TEE-M',
          name: 'Medium',
          price: 22,
          special_price: 18,
          stock: 0,
          options: { size: 'M' },
        },
      ],
    });
    expect(created.data).toMatchObject({ type: 'configurable', stock_quantity: 3 });
    expect(created.data.variants).toEqual([
      expect.objectContaining({
        sku: 'ADM-TEE-S',
        name: 'S',
        price: 20,
        stock_quantity: 3,
        position: 0,
      }),
      expect.objectContaining({ sku: 'ADM-TEE-M', name: 'Medium', special_price: 18, position: 1 }),
    ]);
    const shown = await detail(created.data.id);
    expect(shown.type).toBe('configurable');
    expect(
      (shown.variants as PublicVariant[]).map((v) => [v.sku, v.final_price, v.in_stock]),
    ).toEqual([
      ['ADM-TEE-S', 20, true],
      ['ADM-TEE-M', 18, false],
    ]);
    expect(await attributeValuesOf(created.data.id, 'size')).toEqual(['S', 'M']);
  });

  it('refuses taken or repeated SKUs, repeated options, product stock and bad variant prices', async () => {
    const existing = await createProduct(app.t.db, { sku: 'ADM-TAKEN' });
    const variant = (size: string, sku = `ADM-V-${size}`) => ({
      sku,
      price: 10,
      stock: 1,
      options: { size },
    });
    type CreateInput = Parameters<typeof app.admin.admin.products.create.mutate>[0];
    const refusals: [Partial<CreateInput>, string][] = [
      [{ variants: [variant('S', existing.sku)] }, 'variants.0.sku'], // a product's SKU
      [{ variants: [variant('S'), variant('M', 'ADM-V-S')] }, 'variants.1.sku'],
      [{ variants: [variant('S'), variant('S', 'ADM-V-S2')] }, 'variants.1.options'],
      [{ stock: 5, variants: [variant('S')] }, 'stock'],
      [{ variants: [{ ...variant('S'), special_price: 10 }] }, 'variants.0.special_price'],
    ];
    for (const [index, [fields, field]] of refusals.entries()) {
      await expectFieldError(
        app.admin.admin.products.create.mutate({
          sku: `ADM-NEW-${index}`,
          name: `New ${index}`,
          price: 10,
          ...fields,
        }),
        field,
      );
    }
    // A product's own SKU may not be a variant's either.
    const tee = await createConfigurableProduct(app.t.db);
    const [teeVariant] = (await app.admin.admin.products.get.query({ id: tee.id })).data.variants;
    await expectFieldError(
      app.admin.admin.products.create.mutate({
        sku: teeVariant?.sku ?? '',
        name: 'Clash',
        price: 1,
      }),
      'sku',
    );
    const made = await app.t.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.sku, 'ADM-V-S'));
    expect(made).toEqual([]);
  });

  it('adds, updates and removes variants; detail, options, stock and carts follow', async () => {
    const product = await createConfigurableProduct(app.t.db, { sizes: ['S'], colours: ['Red'] });
    const [only] = await app.t.db
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));

    const added = await app.admin.admin.products.variants.add.mutate({
      product_id: product.id,
      sku: `ADM-${product.id}-L-RED`,
      price: 35,
      stock: 4,
      options: { size: 'L', color: 'Red' },
    });
    expect(added.message).toBe('Variant added.');
    expect(added.data.stock_quantity).toBe(9); // 5 + 4
    const large = added.data.variants.find((v) => v.sku === `ADM-${product.id}-L-RED`);
    expect(large).toMatchObject({ name: 'L / Red', price: 35, stock_quantity: 4, position: 1 });
    expect(await attributeValuesOf(product.id, 'size')).toEqual(['S', 'L']);

    const updated = await app.admin.admin.products.variants.update.mutate({
      product_id: product.id,
      variant_id: large?.id ?? 0,
      special_price: 30,
      stock: 0,
      options: { size: 'XL', color: 'Red' },
    });
    expect(updated.data.variants.find((v) => v.id === large?.id)).toMatchObject({
      special_price: 30,
      stock_quantity: 0,
      options: { size: 'XL', color: 'Red' },
    });
    const shown = (await detail(product.id)).variants as PublicVariant[];
    expect(shown.find((v) => v.id === large?.id)).toMatchObject({
      final_price: 30,
      in_stock: false,
    });
    expect(await attributeValuesOf(product.id, 'size')).toEqual(['S', 'XL']);

    // A customer has the first variant in the cart; removing it takes the line away.
    const { token } = await registerCustomer(app.t);
    const add = await app.t.request('POST', '/cart/add', {
      token,
      body: { product_id: product.id, variant_id: only?.id, quantity: 1 },
    });
    expect(add.status).toBe(200);
    const removed = await app.admin.admin.products.variants.remove.mutate({
      product_id: product.id,
      variant_id: only?.id ?? 0,
    });
    expect(removed.data.variants.map((v) => v.id)).toEqual([large?.id]);
    expect(removed.data.stock_quantity).toBe(0);
    expect((await app.t.request('GET', '/cart', { token })).body.data.items).toEqual([]);
    expect(((await detail(product.id)).variants as PublicVariant[]).map((v) => v.id)).toEqual([
      large?.id,
    ]);
    expect(await attributeValuesOf(product.id, 'size')).toEqual(['XL']);
    const rows = await app.t.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(asc(productVariants.id));
    expect(rows).toEqual([{ id: large?.id }]);
  });

  it('refuses taken SKUs and options, simple products and bad prices; 404 and 403', async () => {
    const product = await createConfigurableProduct(app.t.db, {
      sizes: ['S', 'M'],
      colours: ['Red'],
    });
    const variants = (await app.admin.admin.products.get.query({ id: product.id })).data.variants;
    const [small, medium] = variants;
    const simple = await createProduct(app.t.db, { sku: `ADM-SIMPLE-${product.id}` });
    const fresh = {
      product_id: product.id,
      price: 10,
      stock: 1,
      options: { size: 'L', color: 'Red' },
    };
    const refusals = [
      [{ sku: simple.sku }, 'sku'], // a product's SKU
      [{ sku: medium?.sku ?? '' }, 'sku'], // another variant's
      [{ sku: 'ADM-NEW-OPT', options: { color: 'Red', size: 'S' } }, 'options'],
      [{ sku: 'ADM-SP', special_price: 12 }, 'special_price'],
      [{ sku: 'ADM-ON-SIMPLE', product_id: simple.id }, 'product_id'],
    ] as const;
    for (const [fields, field] of refusals) {
      await expectFieldError(
        app.admin.admin.products.variants.add.mutate({ ...fresh, ...fields }),
        field,
      );
    }
    await expectFieldError(
      app.admin.admin.products.variants.update.mutate({
        product_id: product.id,
        variant_id: small?.id ?? 0,
        sku: medium?.sku ?? '',
      }),
      'sku',
    );
    // Checked against the stored variant: a price at or below its sale price is refused.
    await app.admin.admin.products.variants.update.mutate({
      product_id: product.id,
      variant_id: small?.id ?? 0,
      special_price: 20,
    });
    await expectFieldError(
      app.admin.admin.products.variants.update.mutate({
        product_id: product.id,
        variant_id: small?.id ?? 0,
        price: 20,
      }),
      'special_price',
    );
    const other = await createConfigurableProduct(app.t.db);
    const foreign = await trpcFailure(
      app.admin.admin.products.variants.remove.mutate({
        product_id: other.id,
        variant_id: small?.id ?? 0,
      }),
    );
    expect(foreign.data?.httpStatus).toBe(404);
    const noProduct = await trpcFailure(
      app.admin.admin.products.variants.add.mutate({
        ...fresh,
        product_id: 999_999,
        sku: 'ADM-NONE',
      }),
    );
    expect(noProduct.data?.httpStatus).toBe(404);
    const forbidden = await trpcFailure(
      app.customer.admin.products.variants.remove.mutate({
        product_id: product.id,
        variant_id: small?.id ?? 0,
      }),
    );
    expect(forbidden.data?.httpStatus).toBe(403);
    expect(
      (await app.admin.admin.products.get.query({ id: product.id })).data.variants,
    ).toHaveLength(2);
  });
});
