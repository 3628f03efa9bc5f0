import { count } from 'drizzle-orm';
import {
  insertCategories,
  insertProducts,
  type ProductSeed,
  type VariantSeed,
} from '../catalog-writer';
import type { Database, Executor } from '../client';
import { banners, currencies, products } from '../schema/index';
import { refreshSearchTerms } from '../search-index';
import { INDIA_DEMO_CURRENCIES, seedIndiaTax } from './demo-india';
import { seedDemoReviews } from './demo-reviews';
import { seedStoreSetup } from './store-setup';

/**
 * The demo catalogue (docs/contract.md §6): a 2-level category tree, 66 products (simple and
 * configurable with size/colour variants, some on sale, some featured, some nearly sold out),
 * banners and currencies. Settings are left alone. Coupons, shipping and payment methods are
 * added by the issues that create their tables. The `india` shop sells the same catalogue in
 * rupees with GST (demo-india.ts).
 */

/** DEMO_SHOP: which demo shop an empty database becomes. */
export const DEMO_SHOPS = ['default', 'india'] as const;
export type DemoShop = (typeof DEMO_SHOPS)[number];

const DAY = 86_400_000;
const image = (slug: string, n = 1) => `https://picsum.photos/seed/${slug}-${n}/800/800`;
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface LeafSeed {
  name: string;
  description: string;
  /** Clothing and shoes are sold by size and colour. */
  variants?: { sizes: string[]; colours: string[] };
  products: [name: string, priceCents: number, pitch: string][];
}

const TREE: { name: string; description: string; children: LeafSeed[] }[] = [
  {
    name: 'Electronics',
    description: 'Audio, phones and computers from brands we trust.',
    children: [
      {
        name: 'Headphones',
        description: 'Over-ear, in-ear and wireless headphones.',
        products: [
          ['Aurora Wireless Headphones', 14_999, 'active noise cancelling and 40-hour battery'],
          ['Pulse Sport Earbuds', 7_999, 'sweat-proof buds with a secure wing fit'],
          ['Studio Monitor Headphones', 12_900, 'flat, honest sound for mixing'],
          ['Nimbus Kids Headphones', 2_999, 'volume-limited and bendable'],
          ['Echo Bone Conduction Headset', 10_950, 'open-ear listening for runners'],
          ['Drift Travel Earbuds', 5_999, 'compact case with wireless charging'],
        ],
      },
      {
        name: 'Smartphones',
        description: 'Unlocked phones and the accessories they need.',
        products: [
          ['Nova X5 Smartphone', 69_900, 'a 6.5-inch OLED screen and triple camera'],
          ['Nova Lite Smartphone', 29_900, 'all-day battery at a friendly price'],
          ['Orbit Fold Smartphone', 149_900, 'a folding screen that fits a pocket'],
          ['Armor Rugged Phone', 39_900, 'drop-proof and water-resistant to 2 m'],
          ['MagSafe Leather Phone Case', 3_999, 'full-grain leather that ages well'],
          ['Volt 65W USB-C Charger', 4_499, 'charges a laptop and phone together'],
        ],
      },
      {
        name: 'Laptops',
        description: 'Laptops for work, study and play.',
        products: [
          ['Zenith 14 Ultrabook', 109_900, 'a 1.1 kg aluminium body and 18-hour battery'],
          ['Forge 16 Gaming Laptop', 179_900, 'a 240 Hz screen and RTX graphics'],
          ['Scholar 13 Chromebook', 32_900, 'fast boot and a spill-resistant keyboard'],
          ['Atlas Laptop Stand', 4_999, 'raises the screen to eye level'],
          ['Carbon Laptop Sleeve', 2_999, 'a padded sleeve for 13 to 14 inch laptops'],
          ['Glide Wireless Mouse', 3_499, 'silent clicks and a 70-day battery'],
        ],
      },
    ],
  },
  {
    name: 'Fashion',
    description: 'Clothing and shoes for every day.',
    children: [
      {
        name: "Men's Clothing",
        description: 'Shirts, knitwear and outerwear for men.',
        variants: { sizes: ['S', 'M', 'L', 'XL'], colours: ['Navy', 'Grey'] },
        products: [
          ['Classic Oxford Shirt', 4_900, 'crisp cotton with a button-down collar'],
          ['Merino Crew Sweater', 8_900, 'fine merino that keeps its shape'],
          ['Everyday Chino Trousers', 5_900, 'stretch twill with a tapered leg'],
          ['Waxed Field Jacket', 18_900, 'a weatherproof waxed cotton shell'],
          ['Organic Cotton T-Shirt', 1_900, 'heavyweight organic jersey'],
          ['Quilted Gilet', 7_900, 'a light layer for cold mornings'],
        ],
      },
      {
        name: "Women's Clothing",
        description: 'Dresses, knitwear and outerwear for women.',
        variants: { sizes: ['XS', 'S', 'M', 'L'], colours: ['Black', 'Sand'] },
        products: [
          ['Linen Wrap Dress', 8_900, 'breathable linen with a tie waist'],
          ['Cashmere Roll-Neck Jumper', 14_900, 'pure cashmere, soft and warm'],
          ['High-Rise Straight Jeans', 6_900, 'rigid denim that softens with wear'],
          ['Tailored Wool Coat', 24_900, 'a double-faced wool coat'],
          ['Silk Button Blouse', 9_900, 'washable silk with mother-of-pearl buttons'],
          ['Ribbed Lounge Set', 5_900, 'a soft rib top and trousers'],
        ],
      },
      {
        name: 'Shoes',
        description: 'Trainers, boots and everyday shoes.',
        variants: { sizes: ['39', '40', '41', '42', '43'], colours: ['White', 'Black'] },
        products: [
          ['Cloudstep Running Shoes', 11_900, 'responsive foam for long runs'],
          ['Court Leather Trainers', 8_900, 'clean leather uppers and a cupsole'],
          ['Trail Hiking Boots', 15_900, 'waterproof with a grippy lug sole'],
          ['Suede Chelsea Boots', 13_900, 'elastic sides and a stacked heel'],
          ['Canvas Slip-On Shoes', 3_900, 'easy canvas shoes for summer'],
          ['Recovery Slides', 2_900, 'cushioned slides for after training'],
        ],
      },
    ],
  },
  {
    name: 'Home & Kitchen',
    description: 'Everything for cooking, living and sleeping well.',
    children: [
      {
        name: 'Cookware',
        description: 'Pans, pots and tools for the kitchen.',
        products: [
          ['Cast Iron Skillet 26 cm', 4_500, 'pre-seasoned and oven safe'],
          ['Non-Stick Frying Pan Set', 5_999, 'three pans with a ceramic coating'],
          ['Stainless Steel Stockpot', 6_999, 'an 8-litre pot with a glass lid'],
          ['Chef Knife 20 cm', 7_900, 'forged German steel, hand sharpened'],
          ['Bamboo Cutting Board', 2_499, 'a knife-friendly, sustainable board'],
          ['Electric Kettle', 3_999, 'boils a litre in three minutes'],
        ],
      },
      {
        name: 'Furniture',
        description: 'Chairs, tables and storage.',
        products: [
          ['Ergonomic Office Chair', 24_900, 'adjustable lumbar support and mesh back'],
          ['Oak Dining Table', 59_900, 'solid oak that seats six'],
          ['Velvet Accent Armchair', 32_900, 'deep seat in soft velvet'],
          ['Walnut Bookshelf', 19_900, 'five shelves in walnut veneer'],
          ['Standing Desk', 44_900, 'electric height adjustment with memory'],
          ['Storage Ottoman', 8_900, 'a footrest with hidden storage'],
        ],
      },
      {
        name: 'Home Decor',
        description: 'Lighting, textiles and accents.',
        products: [
          ['Ceramic Table Lamp', 6_900, 'a hand-glazed base with linen shade'],
          ['Wool Throw Blanket', 7_900, 'woven from soft lambswool'],
          ['Scented Soy Candle', 1_999, 'fig and cedar, 50 hours of burn'],
          ['Round Wall Mirror', 9_900, 'a thin brass frame, 60 cm'],
          ['Jute Area Rug', 12_900, 'hand-braided natural jute'],
          ['Linen Cushion Cover', 2_499, 'stonewashed linen with a hidden zip'],
        ],
      },
    ],
  },
  {
    name: 'Sports & Outdoors',
    description: 'Gear for training, hiking and camping.',
    children: [
      {
        name: 'Fitness',
        description: 'Weights, mats and training gear.',
        products: [
          ['Adjustable Dumbbells', 29_900, 'from 2 to 24 kg in seconds'],
          ['Cork Yoga Mat', 5_900, 'natural cork with a grippy surface'],
          ['Smart Fitness Watch', 19_900, 'heart rate, GPS and sleep tracking'],
          ['Resistance Band Set', 2_499, 'five bands from light to heavy'],
          ['Kettlebell 12 kg', 4_900, 'cast iron with a wide handle'],
          ['Foam Roller', 2_999, 'a firm roller for recovery'],
        ],
      },
      {
        name: 'Camping',
        description: 'Tents, sleeping bags and camp kitchens.',
        products: [
          ['Ultralight Two-Person Tent', 34_900, 'sets up in three minutes, 1.4 kg'],
          ['Down Sleeping Bag', 22_900, 'rated to minus five degrees'],
          ['Camping Stove', 6_900, 'a compact gas stove with piezo ignition'],
          ['Insulated Water Bottle', 2_999, 'keeps drinks cold for 24 hours'],
          ['LED Head Torch', 3_499, '400 lumens, rechargeable'],
          ['Folding Camp Chair', 4_999, 'packs small, holds 120 kg'],
        ],
      },
    ],
  },
];

function variantsFor(
  sku: string,
  priceCents: number,
  specialPriceCents: number | null,
  spec: NonNullable<LeafSeed['variants']>,
  index: number,
): VariantSeed[] {
  return spec.sizes.flatMap((size, s) =>
    spec.colours.map((colour, c) => ({
      sku: `${sku}-${size}-${colour.slice(0, 3)}`.toUpperCase(),
      name: `${size} / ${colour}`,
      priceCents,
      specialPriceCents,
      // A few sizes are nearly or fully sold out.
      stockQuantity: (index + s * 3 + c * 5) % 7 === 0 ? 0 : ((index + s + c) % 4) * 6 + 2,
      options: { size, color: colour },
    })),
  );
}

/** Builds the demo products for one leaf category; sales, featured and low stock by position. */
function productsFor(
  leaf: LeafSeed,
  categoryIds: number[],
  leafIndex: number,
  now: Date,
  taxCategoryId: number | null,
) {
  return leaf.products.map(([name, priceCents, pitch], i): ProductSeed => {
    const n = leafIndex * 6 + i;
    const slug = slugify(name);
    const sku = `SF-${String(n + 1).padStart(4, '0')}`;
    const onSale = n % 4 === 1;
    const specialPriceCents = onSale ? Math.round((priceCents * 0.8) / 100) * 100 - 1 : null;
    const shortDescription = `${name} with ${pitch}.`;
    return {
      sku,
      slug,
      name,
      shortDescription,
      description: [
        `Meet the ${name}: ${pitch}.`,
        `Part of our ${leaf.name.toLowerCase()} range, it is made to be used every day and to last for years.`,
        'Free returns within 30 days and a two-year warranty come as standard.',
      ].join(' '),
      priceCents,
      specialPriceCents,
      specialFrom: onSale ? new Date(now.getTime() - 3 * DAY) : null,
      specialTo: onSale ? new Date(now.getTime() + 30 * DAY) : null,
      // Every fifth product is nearly sold out.
      stockQuantity: leaf.variants ? 0 : n % 5 === 3 ? (n % 9) + 1 : 20 + ((n * 7) % 80),
      featured: n % 6 === 0,
      metaTitle: `${name} | Storefront`,
      metaDescription: shortDescription,
      metaKeywords: [...name.toLowerCase().split(' '), leaf.name.toLowerCase()].join(', '),
      createdAt: new Date(now.getTime() - (n * 17 + 1) * 3_600_000),
      categoryIds,
      taxCategoryId,
      images: [1, 2, 3].map((k) => ({ url: image(slug, k), alt: `${name}, view ${k}` })),
      ...(leaf.variants
        ? { variants: variantsFor(sku, priceCents, specialPriceCents, leaf.variants, n) }
        : {}),
    };
  });
}

const CURRENCIES = [
  { code: 'USD', name: 'US Dollar', symbol: '$', exchangeRate: 1, isDefault: true, position: 0 },
  { code: 'EUR', name: 'Euro', symbol: '€', exchangeRate: 0.92, position: 1 },
  { code: 'GBP', name: 'British Pound', symbol: '£', exchangeRate: 0.79, position: 2 },
  {
    code: 'JPY',
    name: 'Japanese Yen',
    symbol: '¥',
    exchangeRate: 151.4,
    decimalPlaces: 0,
    position: 3,
  },
];

async function seedCatalogue(db: Executor, now: Date, shop: DemoShop): Promise<void> {
  const taxCategoryOf = shop === 'india' ? await seedIndiaTax(db) : () => null;
  const roots = await insertCategories(
    db,
    TREE.map((root, position) => ({
      name: root.name,
      slug: slugify(root.name),
      description: root.description,
      image: image(`category-${slugify(root.name)}`),
      position,
    })),
  );
  const seeds: ProductSeed[] = [];
  let leafIndex = 0;
  for (const [r, root] of TREE.entries()) {
    const parent = roots[r];
    if (!parent) throw new Error('root category missing');
    const leaves = await insertCategories(
      db,
      root.children.map((leaf, position) => ({
        name: leaf.name,
        slug: slugify(leaf.name),
        description: leaf.description,
        image: image(`category-${slugify(leaf.name)}`),
        parentId: parent.id,
        position,
      })),
    );
    for (const [l, leaf] of root.children.entries()) {
      const category = leaves[l];
      if (!category) throw new Error('leaf category missing');
      seeds.push(...productsFor(leaf, [category.id], leafIndex, now, taxCategoryOf(root.name)));
      leafIndex += 1;
    }
  }
  const productIds = await insertProducts(db, seeds);
  await seedDemoReviews(db, productIds, now);

  await db.insert(currencies).values(shop === 'india' ? INDIA_DEMO_CURRENCIES : CURRENCIES);
  const featured = seeds.find((seed) => seed.featured);
  await db.insert(banners).values([
    {
      identifier: 'home-hero',
      title: 'New season, new gear',
      subtitle: 'Fresh arrivals across every category',
      imageUrl: image('banner-home-hero'),
      linkType: 'category',
      linkValue: String(roots[1]?.id ?? ''),
      position: 0,
    },
    {
      identifier: 'summer-sale',
      title: 'Summer sale',
      subtitle: 'Up to 20% off selected products',
      imageUrl: image('banner-summer-sale'),
      linkType: 'url',
      linkValue: '/products/on-sale',
      position: 1,
      startsAt: new Date(now.getTime() - 3 * DAY),
      endsAt: new Date(now.getTime() + 30 * DAY),
    },
    {
      identifier: 'featured-pick',
      title: featured ? `Editor's pick: ${featured.name}` : "Editor's pick",
      subtitle: null,
      imageUrl: image('banner-featured-pick'),
      linkType: 'none',
      linkValue: null,
      position: 2,
    },
    {
      identifier: 'winter-preview',
      title: 'Winter preview',
      subtitle: 'Coming soon',
      imageUrl: image('banner-winter-preview'),
      linkType: 'none',
      position: 3,
      startsAt: new Date(now.getTime() + 60 * DAY),
    },
  ]);
  await refreshSearchTerms(db);
  await seedStoreSetup(db);
}

/**
 * Loads the demo catalogue (of `shop`, default `default`) into a database without products; does
 * nothing otherwise. Returns whether it seeded. Runs in one transaction, so a failure leaves
 * nothing behind.
 */
export async function seedDemo(
  db: Database,
  options: { shop?: DemoShop; now?: Date } = {},
): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(products);
  if (Number(row?.total ?? 0) > 0) return false;
  const { shop = 'default', now = new Date() } = options;
  await db.transaction((tx) => seedCatalogue(tx, now, shop));
  return true;
}
