import { sql } from 'drizzle-orm';
import {
  type CategorySeed,
  insertCategories,
  insertProducts,
  type ProductSeed,
} from '../src/catalog-writer';
import type { Executor } from '../src/client';
import {
  type AddressSnapshot,
  type BannerLinkType,
  banners,
  coupons,
  currencies,
  type OrderStatusValue,
  orderItems,
  orders,
  reviews,
  taxRules,
  users,
} from '../src/schema/index';
import { refreshSearchTerms } from '../src/search-index';

/**
 * Test data builders: each fills sensible defaults and takes overrides, so a test states only
 * what it is about (`createProduct(db, { stockQuantity: 3 })`). Tests never rely on seed ids.
 */

let sequence = 0;
const next = () => {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}`;
};

export type ProductOverrides = Partial<ProductSeed>;

export async function createProduct(db: Executor, overrides: ProductOverrides = {}) {
  const n = next();
  const name = overrides.name ?? `Test Product ${n}`;
  const seed: ProductSeed = {
    sku: `TEST-${n}`.toUpperCase(),
    slug: `test-product-${n}`,
    priceCents: 1999,
    stockQuantity: 10,
    shortDescription: `Short description of ${name}.`,
    description: `The long description of ${name}.`,
    images: [{ url: `https://images.example.com/${n}.jpg`, alt: name }],
    ...overrides,
    name,
  };
  const [id] = await insertProducts(db, [seed]);
  if (id === undefined) throw new Error('product insert returned no id');
  return { id, ...seed };
}

/** A configurable product with one variant per size × colour. */
export async function createConfigurableProduct(
  db: Executor,
  overrides: ProductOverrides & { sizes?: string[]; colours?: string[] } = {},
) {
  const { sizes = ['S', 'M'], colours = ['Red', 'Blue'], ...rest } = overrides;
  const n = next();
  const priceCents = rest.priceCents ?? 2999;
  const variants = sizes.flatMap((size) =>
    colours.map((colour) => ({
      sku: `VAR-${n}-${size}-${colour}`.toUpperCase(),
      name: `${size} / ${colour}`,
      priceCents,
      stockQuantity: 5,
      options: { size, color: colour },
    })),
  );
  return createProduct(db, { type: 'configurable', stockQuantity: 0, variants, ...rest });
}

export async function createCategory(db: Executor, overrides: Partial<CategorySeed> = {}) {
  const n = next();
  const [row] = await insertCategories(db, [
    {
      name: overrides.name ?? `Category ${n}`,
      slug: overrides.slug ?? `category-${n}`,
      description: 'A test category.',
      ...overrides,
    },
  ]);
  if (!row) throw new Error('category insert returned no row');
  await refreshSearchTerms(db);
  return row;
}

export async function createUser(db: Executor, overrides: { name?: string; email?: string } = {}) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      name: overrides.name ?? `User ${n}`,
      email: overrides.email ?? `user-${n}@example.com`,
      phone: '+44 20 7946 0000',
      passwordHash: 'not-a-real-hash',
    })
    .returning({ id: users.id, name: users.name, email: users.email });
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function createReview(
  db: Executor,
  values: {
    productId: number;
    userId: number;
    rating?: number;
    title?: string;
    comment?: string;
    createdAt?: Date;
    verifiedPurchase?: boolean;
  },
) {
  const [row] = await db
    .insert(reviews)
    .values({
      rating: 5,
      title: 'Great',
      comment: 'Does what it says.',
      ...values,
    })
    .returning();
  if (!row) throw new Error('review insert returned no row');
  return row;
}

export async function createBanner(
  db: Executor,
  overrides: Partial<{
    identifier: string;
    title: string;
    subtitle: string | null;
    imageUrl: string;
    linkType: BannerLinkType;
    linkValue: string | null;
    position: number;
    startsAt: Date | null;
    endsAt: Date | null;
    active: boolean;
  }> = {},
) {
  const n = next();
  const [row] = await db
    .insert(banners)
    .values({
      identifier: `banner-${n}`,
      title: `Banner ${n}`,
      imageUrl: `https://images.example.com/banners/${n}.jpg`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('banner insert returned no row');
  return row;
}

export async function createCurrency(
  db: Executor,
  values: {
    code: string;
    name?: string;
    symbol?: string;
    exchangeRate?: number;
    decimalPlaces?: number;
    isDefault?: boolean;
    position?: number;
  },
) {
  const [row] = await db
    .insert(currencies)
    .values({ name: values.code, symbol: values.code, ...values })
    .returning();
  if (!row) throw new Error('currency insert returned no row');
  return row;
}

export async function createCoupon(
  db: Executor,
  overrides: Partial<typeof coupons.$inferInsert> = {},
) {
  const [row] = await db
    .insert(coupons)
    .values({ code: `SAVE${next()}`.toUpperCase(), type: 'percentage', value: 10, ...overrides })
    .returning();
  if (!row) throw new Error('coupon insert returned no row');
  return row;
}

/**
 * Sets the tax rate of a country (`*` is the default), in basis points (2000 = 20 %): its rule for
 * every region and category with one component, as migration 0023 made of the old rates. An
 * existing rule keeps its component's name.
 */
export async function setTaxRate(db: Executor, country: string, rateBasisPoints: number) {
  const name = `Tax ${country}`;
  await db.execute(sql`
    insert into ${taxRules} (country, region, tax_category_id, components)
    values (${country}, '*', null, ${JSON.stringify([{ name, rateBasisPoints }])}::jsonb)
    on conflict (country, region, coalesce(tax_category_id, 0)) do update set
      components = jsonb_build_array(jsonb_build_object(
        'name', coalesce(tax_rules.components -> 0 ->> 'name', ${name}),
        'rateBasisPoints', ${rateBasisPoints}::int)),
      updated_at = now()`);
}

const TEST_ADDRESS: AddressSnapshot = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: null,
  phone: '+44 20 7946 0000',
  address_line_1: '1 Test Street',
  address_line_2: null,
  city: 'London',
  state: null,
  postcode: 'N1 1AA',
  country: 'GB',
  country_name: 'United Kingdom',
};

/** An order of the user with one line per product (one unit each at 10.00), inserted directly. */
export async function createPlacedOrder(
  db: Executor,
  values: { userId: number; productIds: number[]; status?: OrderStatusValue },
) {
  const totalCents = 1000 * values.productIds.length;
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `SF-TEST-${next()}`.toUpperCase(),
      userId: values.userId,
      status: values.status ?? 'pending',
      paymentMethod: 'cod',
      shippingMethod: 'flatrate',
      subtotalCents: totalCents,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents,
      currency: 'USD',
      shippingAddress: TEST_ADDRESS,
      billingAddress: TEST_ADDRESS,
    })
    .returning();
  if (!order) throw new Error('order insert returned no row');
  if (values.productIds.length > 0) {
    await db.insert(orderItems).values(
      values.productIds.map((productId) => ({
        orderId: order.id,
        productId,
        productName: `Product ${productId}`,
        sku: `SKU-${productId}`,
        priceCents: 1000,
        quantity: 1,
        totalCents: 1000,
      })),
    );
  }
  return order;
}
