import type { Executor } from '@storefront/db/client';
import { settings } from '@storefront/db/schema';
import { eq, like, sql } from 'drizzle-orm';

const FEATURE_PREFIX = 'feature.';
/** The public catalogue's cache token (catalog-version.ts). */
const CATALOG_VERSION_KEY = 'cache.catalog_version';

export function createSettingsRepository(db: Executor) {
  return {
    /** Stored overrides of feature flags, by flag name. */
    async featureOverrides(): Promise<Map<string, boolean>> {
      const rows = await db
        .select({ key: settings.key, value: settings.value })
        .from(settings)
        .where(like(settings.key, `${FEATURE_PREFIX}%`));
      return new Map(
        rows
          .filter((row) => typeof row.value === 'boolean')
          .map((row) => [row.key.slice(FEATURE_PREFIX.length), row.value as boolean]),
      );
    },

    async setFeature(flag: string, enabled: boolean): Promise<void> {
      await db
        .insert(settings)
        .values({ key: `${FEATURE_PREFIX}${flag}`, value: enabled })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: enabled, updatedAt: sql`now()` },
        });
    },

    async readCatalogVersion(): Promise<string | undefined> {
      const [row] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, CATALOG_VERSION_KEY));
      return typeof row?.value === 'string' ? row.value : undefined;
    },

    async initialiseCatalogVersion(token: string): Promise<void> {
      await db
        .insert(settings)
        .values({ key: CATALOG_VERSION_KEY, value: token })
        .onConflictDoNothing();
    },

    async writeCatalogVersion(token: string): Promise<void> {
      await db
        .insert(settings)
        .values({ key: CATALOG_VERSION_KEY, value: token })
        .onConflictDoUpdate({ target: settings.key, set: { value: token, updatedAt: sql`now()` } });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
