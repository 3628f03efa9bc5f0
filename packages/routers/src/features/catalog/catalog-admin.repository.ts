import type { Executor } from '@storefront/db/client';
import { products } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';

/** The columns of a product the back office reads and writes. */
const adminProductColumns = {
  id: products.id,
  sku: products.sku,
  slug: products.slug,
  name: products.name,
  type: products.type,
  shortDescription: products.shortDescription,
  description: products.description,
  priceCents: products.priceCents,
  specialPriceCents: products.specialPriceCents,
  specialFrom: products.specialFrom,
  specialTo: products.specialTo,
  stockQuantity: products.stockQuantity,
  featured: products.featured,
  active: products.active,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

export type AdminProductRecord = Pick<
  typeof products.$inferSelect,
  keyof typeof adminProductColumns
>;

export type AdminProductChanges = Partial<
  Pick<
    typeof products.$inferInsert,
    | 'name'
    | 'shortDescription'
    | 'description'
    | 'priceCents'
    | 'specialPriceCents'
    | 'specialFrom'
    | 'specialTo'
    | 'featured'
    | 'active'
  >
>;

/** Back-office catalogue writes; the storefront's reads stay in catalog.repository.ts. */
export function createCatalogAdminRepository(db: Executor) {
  return {
    async findProduct(id: number): Promise<AdminProductRecord | undefined> {
      const [row] = await db.select(adminProductColumns).from(products).where(eq(products.id, id));
      return row;
    },

    async updateProduct(
      id: number,
      changes: AdminProductChanges,
    ): Promise<AdminProductRecord | undefined> {
      const [row] = await db
        .update(products)
        .set(changes)
        .where(eq(products.id, id))
        .returning(adminProductColumns);
      return row;
    },
  };
}

export type CatalogAdminRepository = ReturnType<typeof createCatalogAdminRepository>;
