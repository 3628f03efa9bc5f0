import { gstComponents, gstinRegion, indiaGstPreset } from '@storefront/pricing';
import type { Executor } from '../client';
import { taxCategories, taxRules, taxSettings } from '../schema/index';

/**
 * The Indian demo shop (DEMO_SHOP=india, docs/gst-invoice.md): the demo catalogue sold in
 * rupees by a company registered for GST in Bengaluru — the India GST preset's categories and
 * rules for Karnataka, the seller's tax identity, and a GST category on every product.
 */

export const INDIA_DEMO_SELLER = {
  legalName: 'Chai & Chapter Retail Pvt Ltd',
  address: '42, 80 Feet Road, Koramangala 4th Block\nBengaluru 560034\nKarnataka, India',
  /** A published example GSTIN with a valid check character; 29 is Karnataka. */
  taxId: '29AAGCB7383J1Z4',
  timeZone: 'Asia/Kolkata',
} as const;

/** Rupees by default; the others converted at rough rates, like the default demo's. */
export const INDIA_DEMO_CURRENCIES = [
  {
    code: 'INR',
    name: 'Indian Rupee',
    symbol: '₹',
    exchangeRate: 1,
    isDefault: true,
    position: 0,
  },
  { code: 'USD', name: 'US Dollar', symbol: '$', exchangeRate: 0.0115, position: 1 },
  { code: 'EUR', name: 'Euro', symbol: '€', exchangeRate: 0.0099, position: 2 },
  { code: 'GBP', name: 'British Pound', symbol: '£', exchangeRate: 0.0085, position: 3 },
];

/**
 * One HSN code per preset category, as the tax pages let an admin set it. The demo's shortcut:
 * a real shop keeps a category per HSN code (with its own rules), so these fit the products the
 * tour buys — a T-shirt (6109, 5 %) and headphones (8518, 18 %) — not every product of a slab.
 */
const HSN_BY_CATEGORY: Record<string, string> = {
  GST0: '4901', // printed books: exempt
  GST5: '6109', // T-shirts, knitted (clothing and shoes up to ₹2,500 are 5 %)
  GST18: '8518', // headphones and earphones
  GST40: '2202', // aerated and caffeinated drinks
};

/** Clothing and shoes take 5 %; everything else in the demo catalogue 18 %. */
const CATEGORY_BY_ROOT: Record<string, string> = { Fashion: 'GST5' };
const OTHER_GOODS = 'GST18';

/**
 * Shipping is taxed (shipping_taxable) through the `*`-category rules, which the preset does not
 * create: the demo charges GST 18 %, a courier service's rate, on it (and on any product left
 * without a category).
 */
const SHIPPING_RATE_PERCENT = 18;

/**
 * Seeds the GST categories, rules and tax settings; answers the tax category of a demo product
 * by the name of its root category. Runs inside the demo seed's transaction.
 */
export async function seedIndiaTax(db: Executor): Promise<(rootCategory: string) => number> {
  const home = gstinRegion(INDIA_DEMO_SELLER.taxId);
  if (!home) throw new Error('the demo seller’s GSTIN names no state');
  const preset = indiaGstPreset(home);
  const inserted = await db
    .insert(taxCategories)
    .values(
      preset.categories.map(({ code, name }) => ({
        code,
        name,
        hsnCode: HSN_BY_CATEGORY[code] ?? null,
      })),
    )
    .returning({ id: taxCategories.id, code: taxCategories.code });
  const ids = new Map(inserted.map((row) => [row.code, row.id]));
  const idOf = (code: string) => {
    const id = ids.get(code);
    if (id === undefined) throw new Error(`tax category ${code} was not seeded`);
    return id;
  };
  await db.insert(taxRules).values([
    ...preset.rules.map((rule) => ({
      country: rule.country,
      region: rule.region,
      taxCategoryId: idOf(rule.taxCategory),
      components: rule.components,
    })),
    ...(
      [
        [home, 'intra'],
        ['*', 'inter'],
      ] as const
    ).map(([region, supply]) => ({
      country: 'IN',
      region,
      taxCategoryId: null,
      components: gstComponents(SHIPPING_RATE_PERCENT, supply),
    })),
  ]);
  await db.insert(taxSettings).values({
    id: 1,
    legalName: INDIA_DEMO_SELLER.legalName,
    address: INDIA_DEMO_SELLER.address,
    taxId: INDIA_DEMO_SELLER.taxId,
    timeZone: INDIA_DEMO_SELLER.timeZone,
    pricesIncludeTax: false,
    shippingTaxable: true,
  });
  return (rootCategory) => idOf(CATEGORY_BY_ROOT[rootCategory] ?? OTHER_GOODS);
}
