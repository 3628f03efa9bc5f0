import type { Executor } from '@storefront/db/client';
import { banners } from '@storefront/db/schema';
import { setOrKeep } from '@storefront/db/sql';
import { asc, eq } from 'drizzle-orm';
import { categoryExists, productExists } from '../catalog/index';

export type AdminBannerRecord = typeof banners.$inferSelect;
export type BannerValues = Omit<typeof banners.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Back-office writes of banners; the storefront's reads stay in content.repository.ts. */
export function createContentAdminRepository(db: Executor) {
  return {
    /** Every banner, shown or not, in the storefront's order. */
    banners(): Promise<AdminBannerRecord[]> {
      return db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
    },

    async banner(id: number): Promise<AdminBannerRecord | undefined> {
      const [row] = await db.select().from(banners).where(eq(banners.id, id));
      return row;
    },

    /** Throws a unique violation when the identifier is taken. */
    async insertBanner(values: BannerValues): Promise<AdminBannerRecord> {
      const [row] = await db.insert(banners).values(values).returning();
      if (!row) throw new Error('banner insert returned no row');
      return row;
    },

    async updateBanner(
      id: number,
      changes: Partial<BannerValues>,
    ): Promise<AdminBannerRecord | undefined> {
      const [row] = await db
        .update(banners)
        .set(setOrKeep(changes, { identifier: banners.identifier }))
        .where(eq(banners.id, id))
        .returning();
      return row;
    },

    /** False when there is no such banner. */
    async deleteBanner(id: number): Promise<boolean> {
      const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
      return rows.length > 0;
    },

    /** Whether a banner's product or category link points at a row that exists. */
    linkTargetExists(type: 'product' | 'category', id: number): Promise<boolean> {
      return type === 'product' ? productExists(db, id) : categoryExists(db, id);
    },
  };
}

export type ContentAdminRepository = ReturnType<typeof createContentAdminRepository>;
