import { products, productVariants } from '@storefront/db/schema';
import {
  createCategory,
  createConfigurableProduct,
  createProduct,
} from '@storefront/db/testing/factories';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFieldError, trpcFailure, useAdminApp } from './harness';

// A long-lived count cache: admin writes must clear it for list totals to follow at once.
const app = useAdminApp({ config: { countCacheTtlMs: 600_000 } });

const searchIds = async (q: string) =>
  (await app.t.request('GET', `/search?q=${encodeURIComponent(q)}`)).body.data.map(
    (p: { id: number }) => p.id,
  );

describe('admin.products.applyDescription', () => {
  it('saves the approved copy to the product; detail and search follow', async () => {
    const product = await createProduct(app.t.db, {
      name: 'Stoneware Teapot',
      shortDescription: 'A teapot.',
      description: 'Holds tea.',
    });
    expect(await searchIds('glazed')).not.toContain(product.id);
    const applied = await app.admin.admin.products.applyDescription.mutate({
      id: product.id,
      short_description: 'Hand-glazed stoneware teapot.',
      description: 'Thrown on the wheel and glazed in celadon; keeps a litre of oolong warm.',
    });
    expect(applied.message).toBe('Description saved.');
    expect(applied.data).toMatchObject({
      id: product.id,
      short_description: 'Hand-glazed stoneware teapot.',
      description: 'Thrown on the wheel and glazed in celadon; keeps a litre of oolong warm.',
    });
    const detail = (await app.t.request('GET', `/products/${product.id}`)).body.data;
    expect(detail.short_description).toBe('Hand-glazed stoneware teapot.');
    expect(detail.description).toContain('celadon');
    expect(await searchIds('celadon')).toContain(product.id);
    expect(await searchIds('glazed')).toContain(product.id);
    // The new words joined the lexicon: typed halfway, the last word still finds the product.
    expect(await searchIds('litre of oolo')).toContain(product.id);
  });

  it('404 for an unknown product, 422 for empty copy, 403 for customers', async () => {
    const missing = await trpcFailure(
      app.admin.admin.products.applyDescription.mutate({
        id: 999_999,
        short_description: 'x',
        description: 'y',
      }),
    );
    expect(missing.data?.httpStatus).toBe(404);
    const product = await createProduct(app.t.db, { description: 'Original.' });
    const empty = await trpcFailure(
      app.admin.admin.products.applyDescription.mutate({
        id: product.id,
        short_description: ' ',
        description: 'y',
      }),
    );
    expect(empty.data?.httpStatus).toBe(422);
    const forbidden = await trpcFailure(
      app.customer.admin.products.applyDescription.mutate({
        id: product.id,
        short_description: 'Mine now',
        description: 'Mine now',
      }),
    );
    expect(forbidden.data?.httpStatus).toBe(403);
    expect((await app.t.request('GET', `/products/${product.id}`)).body.data.description).toBe(
      'Original.',
    );
  });
});

const listTotal = async () => (await app.t.request('GET', '/products')).body.meta.total as number;

describe('admin.products create, update, setStock, deactivate', () => {
  it('creates a simple product the storefront lists, finds by name and category at once', async () => {
    const category = await createCategory(app.t.db, { name: 'Barware' });
    const before = await listTotal();
    const created = await app.admin.admin.products.create.mutate({
      sku: 'ADM-SHAKER-1',
      name: 'Copper Cocktail Shaker',
      short_description: 'A shaker.',
      description: 'Double-walled copper shaker with a built-in strainer.',
      price: 34.9,
      special_price: 29.9,
      stock: 7,
      featured: true,
      category_ids: [category.id],
    });
    expect(created.message).toBe('Product created.');
    expect(created.data).toMatchObject({
      sku: 'ADM-SHAKER-1',
      slug: 'copper-cocktail-shaker',
      type: 'simple',
      price: 34.9,
      special_price: 29.9,
      stock_quantity: 7,
      featured: true,
      active: true,
    });
    const id = created.data.id;
    expect(await listTotal()).toBe(before + 1);
    const detail = (await app.t.request('GET', `/products/${id}`)).body.data;
    expect(detail).toMatchObject({ price: 34.9, final_price: 29.9, on_sale: true, in_stock: true });
    expect(detail.categories.map((c: { id: number }) => c.id)).toEqual([category.id]);
    expect(await searchIds('shaker')).toContain(id);
    expect(await searchIds('barware')).toContain(id); // category names are in the search document
    const featured = (await app.t.request('GET', '/products/featured')).body.data;
    expect(featured.map((p: { id: number }) => p.id)).toContain(id);
  });

  it('moves a product between categories: detail, category lists and search follow', async () => {
    const kitchen = await createCategory(app.t.db, { name: 'Kitchenware' });
    const garden = await createCategory(app.t.db, { name: 'Gardenware' });
    const created = await app.admin.admin.products.create.mutate({
      sku: 'ADM-TROWEL-1',
      name: 'Brass Trowel',
      price: 12,
      stock: 3,
      category_ids: [kitchen.id],
    });
    const id = created.data.id;
    expect(created.data.category_ids).toEqual([kitchen.id]);
    const moved = await app.admin.admin.products.update.mutate({
      id,
      category_ids: [garden.id, garden.id],
    });
    expect(moved.data.category_ids).toEqual([garden.id]);
    expect(moved.data.updated_at > created.data.updated_at).toBe(true);
    const detail = (await app.t.request('GET', `/products/${id}`)).body.data;
    expect(detail.categories.map((c: { id: number }) => c.id)).toEqual([garden.id]);
    const inKitchen = (await app.t.request('GET', `/categories/${kitchen.id}/products`)).body.data;
    expect(inKitchen.map((p: { id: number }) => p.id)).not.toContain(id);
    expect(await searchIds('gardenware')).toContain(id);
    expect(await searchIds('kitchenware')).not.toContain(id);

    // Unknown categories change nothing, not even the fields sent with them; [] takes it out
    // of every category.
    await expectFieldError(
      app.admin.admin.products.update.mutate({
        id,
        name: 'Renamed Trowel',
        category_ids: [kitchen.id, 999_999],
      }),
      'category_ids',
    );
    const unchanged = (await app.admin.admin.products.get.query({ id })).data;
    expect(unchanged).toMatchObject({ name: 'Brass Trowel', category_ids: [garden.id] });
    const none = await app.admin.admin.products.update.mutate({ id, category_ids: [] });
    expect(none.data.category_ids).toEqual([]);
    expect(await searchIds('gardenware')).not.toContain(id);
  });

  it('refuses a duplicate SKU or slug, unknown categories and a sale price not below the price', async () => {
    await app.admin.admin.products.create.mutate({
      sku: 'ADM-DUP',
      name: 'Duplicate Me',
      price: 5,
    });
    await expectFieldError(
      app.admin.admin.products.create.mutate({ sku: 'ADM-DUP', name: 'Another', price: 5 }),
      'sku',
    );
    await expectFieldError(
      app.admin.admin.products.create.mutate({ sku: 'ADM-DUP-2', name: 'Duplicate Me', price: 5 }),
      'slug',
    );
    await expectFieldError(
      app.admin.admin.products.create.mutate({
        sku: 'ADM-CAT',
        name: 'Lost',
        price: 5,
        category_ids: [999_999],
      }),
      'category_ids',
    );
    await expectFieldError(
      app.admin.admin.products.create.mutate({
        sku: 'ADM-SP',
        name: 'Pricey',
        price: 5,
        special_price: 5,
      }),
      'special_price',
    );
    await expectFieldError(
      app.admin.admin.products.create.mutate({ sku: 'ADM-PR', name: 'Cents', price: 5.001 }),
      'price',
    );
  });

  it('updates only the given fields; price, sale window, featured and name show in the storefront', async () => {
    const product = await createProduct(app.t.db, { name: 'Plain Tumbler', priceCents: 1000 });
    const updated = await app.admin.admin.products.update.mutate({
      id: product.id,
      name: 'Smoked Glass Tumbler',
      price: 12.5,
      special_price: 9.99,
      special_from: '2020-01-01T00:00:00.000Z',
      special_to: '2099-01-01T00:00:00.000Z',
      featured: true,
    });
    expect(updated.data).toMatchObject({
      name: 'Smoked Glass Tumbler',
      price: 12.5,
      special_price: 9.99,
      special_from: '2020-01-01T00:00:00.000Z',
      featured: true,
      short_description: product.shortDescription,
    });
    const detail = (await app.t.request('GET', `/products/${product.id}`)).body.data;
    expect(detail).toMatchObject({
      name: 'Smoked Glass Tumbler',
      final_price: 9.99,
      on_sale: true,
    });
    expect(await searchIds('smoked')).toContain(product.id);

    // A window in the future: the sale is not on yet.
    await app.admin.admin.products.update.mutate({
      id: product.id,
      special_from: '2098-01-01T00:00:00.000Z',
    });
    expect((await app.t.request('GET', `/products/${product.id}`)).body.data).toMatchObject({
      final_price: 12.5,
      on_sale: false,
    });
    // Checked against the stored product: a price at or below the sale price is refused.
    await expectFieldError(
      app.admin.admin.products.update.mutate({ id: product.id, price: 9 }),
      'special_price',
    );
    await expectFieldError(
      app.admin.admin.products.update.mutate({
        id: product.id,
        special_to: '2097-01-01T00:00:00.000Z',
      }),
      'special_to',
    );
    const cleared = await app.admin.admin.products.update.mutate({
      id: product.id,
      special_price: null,
      price: 9,
    });
    expect(cleared.data).toMatchObject({ price: 9, special_price: null });
    const missing = await trpcFailure(
      app.admin.admin.products.update.mutate({ id: 999_999, price: 1 }),
    );
    expect(missing.data?.httpStatus).toBe(404);
  });

  it('sets the stock of a simple product and of one variant of a configurable product', async () => {
    const simple = await createProduct(app.t.db, { stockQuantity: 3 });
    const out = await app.admin.admin.products.setStock.mutate({ id: simple.id, stock: 0 });
    expect(out.data.stock_quantity).toBe(0);
    expect((await app.t.request('GET', `/products/${simple.id}`)).body.data.in_stock).toBe(false);
    await app.admin.admin.products.setStock.mutate({ id: simple.id, stock: 40 });
    expect((await app.t.request('GET', `/products/${simple.id}`)).body.data).toMatchObject({
      in_stock: true,
      stock_quantity: 40,
    });
    await expectFieldError(
      app.admin.admin.products.setStock.mutate({ id: simple.id, variant_id: 1, stock: 1 }),
      'variant_id',
    );

    const configurable = await createConfigurableProduct(app.t.db); // 4 variants × 5
    const variants = await app.t.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, configurable.id))
      .orderBy(asc(productVariants.id));
    const first = variants[0]?.id ?? 0;
    const changed = await app.admin.admin.products.setStock.mutate({
      id: configurable.id,
      variant_id: first,
      stock: 12,
    });
    expect(changed.data.stock_quantity).toBe(27);
    await expectFieldError(
      app.admin.admin.products.setStock.mutate({ id: configurable.id, stock: 1 }),
      'variant_id',
    );
    // A variant of another configurable product is not this product's.
    const other = await createConfigurableProduct(app.t.db);
    await expectFieldError(
      app.admin.admin.products.setStock.mutate({ id: other.id, variant_id: first, stock: 1 }),
      'variant_id',
    );
    const negative = await trpcFailure(
      app.admin.admin.products.setStock.mutate({ id: simple.id, stock: -1 }),
    );
    expect(negative.data?.httpStatus).toBe(422);
  });

  it('deactivates: gone from the storefront and its list totals at once, still readable by admins', async () => {
    const product = await createProduct(app.t.db, { name: 'Retired Decanter' });
    const before = await listTotal();
    const deactivated = await app.admin.admin.products.deactivate.mutate({ id: product.id });
    expect(deactivated.data.active).toBe(false);
    expect((await app.t.request('GET', `/products/${product.id}`)).status).toBe(404);
    expect(await listTotal()).toBe(before - 1);
    expect(await searchIds('decanter')).not.toContain(product.id);
    expect((await app.admin.admin.products.get.query({ id: product.id })).data.active).toBe(false);
    const reactivated = await app.admin.admin.products.update.mutate({
      id: product.id,
      active: true,
    });
    expect(reactivated.data.active).toBe(true);
    expect(await listTotal()).toBe(before);
  });

  it('refuses customers with 403', async () => {
    const product = await createProduct(app.t.db);
    for (const call of [
      () => app.customer.admin.products.create.mutate({ sku: 'NOPE', name: 'Nope', price: 1 }),
      () => app.customer.admin.products.update.mutate({ id: product.id, price: 0 }),
      () => app.customer.admin.products.setStock.mutate({ id: product.id, stock: 0 }),
      () => app.customer.admin.products.deactivate.mutate({ id: product.id }),
      () => app.customer.admin.products.get.query({ id: product.id }),
    ]) {
      expect((await trpcFailure(call())).data?.httpStatus).toBe(403);
    }
  });
});

describe('admin.categories', () => {
  it('creates categories in the tree; the storefront shows them', async () => {
    const parent = await app.admin.admin.categories.create.mutate({ name: 'Garden Tools' });
    expect(parent.data).toMatchObject({
      name: 'Garden Tools',
      slug: 'garden-tools',
      parent_id: null,
    });
    const child = await app.admin.admin.categories.create.mutate({
      name: 'Pruners',
      slug: 'pruning-shears',
      parent_id: parent.data.id,
      position: 2,
    });
    expect(child.data).toMatchObject({
      slug: 'pruning-shears',
      parent_id: parent.data.id,
      position: 2,
    });
    const detail = await app.t.request('GET', `/categories/${child.data.id}`);
    expect(detail.body.data).toMatchObject({ name: 'Pruners', product_count: 0 });
    await expectFieldError(
      app.admin.admin.categories.create.mutate({ name: 'Garden Tools' }),
      'slug',
    );
    await expectFieldError(
      app.admin.admin.categories.create.mutate({ name: 'Orphan', parent_id: 999_999 }),
      'parent_id',
    );
  });

  it('renaming a category reaches its products’ search documents; no cycles in the tree', async () => {
    const top = await app.admin.admin.categories.create.mutate({ name: 'Lighting' });
    const lamps = await app.admin.admin.categories.create.mutate({
      name: 'Lamps',
      parent_id: top.data.id,
    });
    const product = await createProduct(app.t.db, {
      name: 'Brass Reading Light',
      categoryIds: [lamps.data.id],
    });
    expect(await searchIds('luminaires')).not.toContain(product.id);
    const renamed = await app.admin.admin.categories.update.mutate({
      id: lamps.data.id,
      name: 'Luminaires',
    });
    expect(renamed.data).toMatchObject({
      name: 'Luminaires',
      slug: lamps.data.slug,
      product_count: 1,
    });
    expect(await searchIds('luminaires')).toContain(product.id);

    await expectFieldError(
      app.admin.admin.categories.update.mutate({ id: top.data.id, parent_id: lamps.data.id }),
      'parent_id',
    );
    await expectFieldError(
      app.admin.admin.categories.update.mutate({ id: top.data.id, parent_id: top.data.id }),
      'parent_id',
    );
    const moved = await app.admin.admin.categories.update.mutate({
      id: lamps.data.id,
      parent_id: null,
    });
    expect(moved.data.parent_id).toBeNull();
    const missing = await trpcFailure(
      app.admin.admin.categories.update.mutate({ id: 999_999, name: 'Nothing' }),
    );
    expect(missing.data?.httpStatus).toBe(404);
    const forbidden = await trpcFailure(
      app.customer.admin.categories.create.mutate({ name: 'Mine' }),
    );
    expect(forbidden.data?.httpStatus).toBe(403);
  });

  it('deletes a category: its products stay, unlinked and re-indexed; the tree follows', async () => {
    const top = await app.admin.admin.categories.create.mutate({ name: 'Stationery' });
    const inks = await app.admin.admin.categories.create.mutate({
      name: 'Calligraphy Inks',
      parent_id: top.data.id,
    });
    const other = await createCategory(app.t.db, { name: 'Desk Gifts' });
    const product = await createProduct(app.t.db, {
      name: 'Iron Gall Bottle',
      categoryIds: [inks.data.id, other.id],
    });
    expect(await searchIds('calligraphy')).toContain(product.id);

    // A category with subcategories is refused; nothing is deleted.
    const refused = await expectFieldError(
      app.admin.admin.categories.delete.mutate({ id: top.data.id }),
      'id',
    );
    expect(refused.message).toBe('A category with subcategories cannot be deleted.');
    expect((await app.t.request('GET', `/categories/${top.data.id}`)).status).toBe(200);

    const deleted = await app.admin.admin.categories.delete.mutate({ id: inks.data.id });
    expect(deleted).toMatchObject({
      message: 'Category deleted.',
      data: { id: inks.data.id, unlinked_product_ids: [product.id] },
    });
    expect((await app.t.request('GET', `/categories/${inks.data.id}`)).status).toBe(404);
    const tree = (await app.t.request('GET', '/categories/tree')).body.data as {
      id: number;
      children: { id: number }[];
    }[];
    expect(tree.find((c) => c.id === top.data.id)?.children).toEqual([]);
    const detail = (await app.t.request('GET', `/products/${product.id}`)).body.data;
    expect(detail.categories.map((c: { id: number }) => c.id)).toEqual([other.id]);
    expect(await searchIds('calligraphy')).not.toContain(product.id);
    expect(await searchIds('desk gifts')).toContain(product.id);
    const [stored] = await app.t.db
      .select({ names: products.categoryNames })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stored?.names).toBe('Desk Gifts');

    // Now childless, the parent can go too.
    await app.admin.admin.categories.delete.mutate({ id: top.data.id });
    expect((await app.t.request('GET', `/categories/${top.data.id}`)).status).toBe(404);
    const missing = await trpcFailure(
      app.admin.admin.categories.delete.mutate({ id: top.data.id }),
    );
    expect(missing.data?.httpStatus).toBe(404);
    const forbidden = await trpcFailure(
      app.customer.admin.categories.delete.mutate({ id: other.id }),
    );
    expect(forbidden.data?.httpStatus).toBe(403);
    expect((await app.t.request('GET', `/categories/${other.id}`)).status).toBe(200);
  });
});
