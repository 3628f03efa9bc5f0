import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { insertCategories, insertProducts, type ProductSeed } from '../catalog-writer';
import type { Database } from '../client';
import { currencies } from '../schema/index';
import { refreshSearchTerms } from '../search-index';

/**
 * A large synthetic catalogue for benchmarks: N products with realistic-looking names drawn from
 * word lists, spread over a 2-level tree of 60 categories, in batches of 1000 rows per statement.
 * Each run uses its own SKU/slug prefix, so it can add to a database that already has products.
 */

const ADJECTIVES = [
  'Classic',
  'Modern',
  'Compact',
  'Premium',
  'Essential',
  'Deluxe',
  'Lightweight',
  'Rugged',
  'Smart',
  'Vintage',
  'Wireless',
  'Portable',
  'Ergonomic',
  'Eco',
  'Pro',
  'Ultra',
  'Soft',
  'Heavy-Duty',
  'Minimal',
  'Handmade',
];
const MATERIALS = [
  'Oak',
  'Walnut',
  'Bamboo',
  'Steel',
  'Aluminium',
  'Leather',
  'Cotton',
  'Linen',
  'Wool',
  'Ceramic',
  'Glass',
  'Copper',
  'Canvas',
  'Carbon',
  'Cork',
  'Marble',
  'Silicone',
  'Velvet',
];
const NOUNS = [
  'Headphones',
  'Speaker',
  'Lamp',
  'Chair',
  'Desk',
  'Backpack',
  'Jacket',
  'Sneakers',
  'Watch',
  'Kettle',
  'Skillet',
  'Blanket',
  'Mug',
  'Notebook',
  'Bottle',
  'Tent',
  'Keyboard',
  'Mouse',
  'Charger',
  'Wallet',
  'Sunglasses',
  'Cushion',
  'Rug',
  'Mirror',
  'Bookshelf',
  'Stool',
  'Vase',
  'Candle',
  'Towel',
  'Helmet',
];
const FEATURES = [
  'built to last',
  'easy to clean',
  'designed for everyday use',
  'with a two-year warranty',
  'made from recycled materials',
  'that packs flat',
  'with a lifetime guarantee',
  'tested by our team',
  'in a gift box',
  'with free returns',
];
const DEPARTMENTS = [
  'Audio',
  'Lighting',
  'Furniture',
  'Bags',
  'Outerwear',
  'Footwear',
  'Watches',
  'Kitchen',
  'Bedding',
  'Stationery',
  'Outdoor',
  'Computing',
];
const SECTIONS = ['Essentials', 'Premium', 'Accessories', 'Sale Picks', 'New Season'];

const DAY = 86_400_000;

/** A small deterministic generator, so two runs of the same size build the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface BulkSeedOptions {
  products: number;
  /** Called after each batch with the number of products written so far. */
  onProgress?: (done: number) => void;
  now?: Date;
}

export async function seedBulk(db: Database, options: BulkSeedOptions) {
  const now = options.now ?? new Date();
  const run = randomBytes(3).toString('hex');
  const next = random(options.products);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)] as T;

  await db
    .insert(currencies)
    .values({ code: 'USD', name: 'US Dollar', symbol: '$', exchangeRate: 1, isDefault: true })
    .onConflictDoNothing();

  const roots = await insertCategories(
    db,
    DEPARTMENTS.map((name, position) => ({ name, slug: `bulk-${run}-${position}`, position })),
  );
  const leaves = await insertCategories(
    db,
    roots.flatMap((root) =>
      SECTIONS.map((section, position) => ({
        name: `${root.name} ${section}`,
        slug: `${root.slug}-${position}`,
        parentId: root.id,
        position,
      })),
    ),
  );
  const categoryNamesById = new Map(leaves.map((leaf) => [leaf.id, leaf.name]));

  const BATCH = 5000;
  let done = 0;
  while (done < options.products) {
    const size = Math.min(BATCH, options.products - done);
    const seeds: ProductSeed[] = [];
    for (let i = 0; i < size; i++) {
      const n = done + i;
      const name = `${pick(ADJECTIVES)} ${pick(MATERIALS)} ${pick(NOUNS)}`;
      const leaf = pick(leaves);
      const priceCents = 500 + Math.floor(next() * 50_000);
      const onSale = next() < 0.15;
      const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${run}-${n}`;
      seeds.push({
        sku: `BULK-${run}-${n}`.toUpperCase(),
        slug,
        name,
        shortDescription: `${name}, ${pick(FEATURES)}.`,
        description: `The ${name.toLowerCase()} from our ${leaf.name} collection, ${pick(FEATURES)} and ${pick(FEATURES)}.`,
        priceCents,
        specialPriceCents: onSale ? Math.floor(priceCents * (0.6 + next() * 0.3)) : null,
        specialFrom: onSale ? new Date(now.getTime() - DAY) : null,
        specialTo: onSale ? new Date(now.getTime() + 14 * DAY) : null,
        stockQuantity: Math.floor(next() * 200),
        featured: next() < 0.02,
        active: next() > 0.03,
        rating: Math.round(next() * 50) / 10,
        reviewsCount: Math.floor(next() * 300),
        createdAt: new Date(now.getTime() - Math.floor(next() * 365 * DAY)),
        categoryIds: [leaf.id],
        images: [{ url: `https://picsum.photos/seed/${slug}/800/800`, alt: name }],
      });
    }
    await insertProducts(db, seeds, { categoryNamesById, refreshLexicon: false });
    done += size;
    options.onProgress?.(done);
  }
  await refreshSearchTerms(db);
  // Fresh statistics (the planner sees the real sizes at once) and a visibility map (counts
  // of visible products can be answered from the partial index alone).
  await db.execute(sql`vacuum analyze`);
  return { products: options.products, categories: roots.length + leaves.length };
}
