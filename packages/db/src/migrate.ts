import { fileURLToPath } from 'node:url';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { DatabaseHandle } from './client';

/** The committed drizzle-kit migrations, next to this package's sources. */
export const defaultMigrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Applies pending migrations; safe to run at every start (drizzle records what it applied). */
export async function runMigrations(
  handle: DatabaseHandle,
  migrationsFolder: string = defaultMigrationsFolder,
): Promise<void> {
  if (handle.kind === 'pglite') {
    // Loaded on demand: a PostgreSQL process never needs PGlite (see client.ts).
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePostgres(handle.db as unknown as PostgresJsDatabase, { migrationsFolder });
  }
}
