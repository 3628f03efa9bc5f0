import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { taxCategories } from './tax';
import { users } from './users';

export const PRODUCT_TYPES = ['simple', 'configurable'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** PostgreSQL's full-text document type; drizzle has no built-in column for it. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * The weighted search document of a product: name A, category names B, short description C,
 * long description D. `category_names` is kept in step with the product's links by the code
 * that writes them (seeds, factories, later the admin), since a generated column cannot read
 * another table.
 */
const PRODUCT_SEARCH_DOCUMENT = sql`setweight(to_tsvector('english'::regconfig, "name"), 'A') || setweight(to_tsvector('english'::regconfig, "category_names"), 'B') || setweight(to_tsvector('english'::regconfig, "short_description"), 'C') || setweight(to_tsvector('english'::regconfig, "description"), 'D')`;

/**
 * Products. Money is stored in integer minor units (cents) of the default currency; the sale
 * price applies while now is within [special_from, special_to) (either bound may be open).
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    sku: text('sku').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: PRODUCT_TYPES }).notNull().default('simple'),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    specialPriceCents: integer('special_price_cents'),
    specialFrom: timestamptz('special_from'),
    specialTo: timestamptz('special_to'),
    /** Stock of a simple product; a configurable product's stock is the sum of its variants'. */
    stockQuantity: integer('stock_quantity').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
    active: boolean('active').notNull().default(true),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    metaKeywords: text('meta_keywords'),
    /**
     * Average review rating (0–5) rounded half-up to the one decimal the API shows, and the
     * number of reviews: recomputed from `reviews` inside every review write's transaction.
     */
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    /** Names of the linked categories, space separated: part of the search document. */
    categoryNames: text('category_names').notNull().default(''),
    /** Its tax category (docs/tax.md); null: only `*`-category rules apply. Variants inherit it. */
    taxCategoryId: integer('tax_category_id').references(() => taxCategories.id, {
      onDelete: 'restrict',
    }),
    /** Working days a made-to-order product adds before dispatch (docs/delivery.md); null: none. */
    shipsInDays: integer('ships_in_days'),
    /** False: the product cannot be returned (issue 38; the delivery issue adds it too). */
    returnable: boolean('returnable').notNull().default(true),
    searchVector: tsvector('search_vector').generatedAlwaysAs(PRODUCT_SEARCH_DOCUMENT),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    uniqueIndex('products_slug_key').on(t.slug),
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check('products_special_price_check', sql`${t.specialPriceCents} >= 0`),
    check('products_stock_check', sql`${t.stockQuantity} >= 0`),
    check('products_ships_in_days_check', sql`${t.shipsInDays} between 0 and 365`),
    check('products_rating_check', sql`${t.rating} between 0 and 5`),
    // Listing orders of visible products (newest is the default). DESC columns are NULLS FIRST
    // to match `order by x desc`, otherwise PostgreSQL cannot walk the index for the order.
    index('products_active_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.active}`),
    index('products_active_name_idx').on(t.name, t.id).where(sql`${t.active}`),
    index('products_active_rating_idx')
      .on(t.rating.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.active}`),
    index('products_featured_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.active} and ${t.featured}`),
    index('products_special_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.active} and ${t.specialPriceCents} is not null`),
    // Search: the weighted document, typo fallback on the name, and word prefixes of the name.
    index('products_search_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('products_name_words_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${t.name})`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position, t.id)],
);

/** Sellable variants of a configurable product; `options` maps attribute code → value. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    specialPriceCents: integer('special_price_cents'),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_variants_sku_key').on(t.sku),
    index('product_variants_product_idx').on(t.productId, t.position, t.id),
    check('product_variants_price_check', sql`${t.priceCents} >= 0`),
    check('product_variants_stock_check', sql`${t.stockQuantity} >= 0`),
  ],
);

export const attributes = pgTable(
  'attributes',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('attributes_code_key').on(t.code)],
);

export const attributeValues = pgTable(
  'attribute_values',
  {
    id: id(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('attribute_values_attribute_value_key').on(t.attributeId, t.value)],
);

/** Attribute values a product has (a simple product's specs, a configurable product's options). */
export const productAttributeValues = pgTable(
  'product_attribute_values',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeValueId: integer('attribute_value_id')
      .notNull()
      .references(() => attributeValues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.attributeValueId] })],
);

/** A tree of categories: roots have no parent; siblings are ordered by position. */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_parent_idx').on(t.parentId, t.position),
    index('categories_name_words_idx').using(
      'gin',
      sql`to_tsvector('simple'::regconfig, ${t.name})`,
    ),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId, t.productId),
  ],
);

/**
 * The search lexicon: distinct words of what search covers (product names, short and long
 * descriptions, category names). Misspelled query words are corrected against it (trigram
 * similarity; `letters`, the word's letters sorted, finds swapped letters that trigrams miss),
 * and the last query word's completions come from it (`text_pattern_ops`: `like 'head%'` uses
 * the index) before the full-text query runs.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    word: text('word').primaryKey(),
    letters: text('letters').notNull(),
  },
  (t) => [
    index('search_terms_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    index('search_terms_letters_idx').on(t.letters),
    index('search_terms_word_prefix_idx').on(t.word.op('text_pattern_ops')),
  ],
);

/**
 * Product reviews: one per customer per product (the unique index makes a second one fail even
 * under races). `helpful_count` is the number of helpful votes in `review_votes`, recomputed on
 * every vote; `verified_purchase` is set at creation from the author's orders.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    comment: text('comment').notNull(),
    helpfulCount: integer('helpful_count').notNull().default(0),
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    index('reviews_product_newest_idx').on(
      t.productId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Helpfulness votes: one per customer per review (the primary key); a new vote replaces the old
 * one. `reviews.helpful_count` counts the rows with `helpful`.
 */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    helpful: boolean('helpful').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    index('review_votes_user_idx').on(t.userId),
  ],
);
