import { fileURLToPath } from 'node:url';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { DatabaseHandle } from './client';
import { socketPathOf } from './embedded-server';

/** The committed drizzle-kit migrations, next to this package's sources. */
export const defaultMigrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Key of the advisory lock that lets one process at a time migrate a database. */
export const MIGRATION_LOCK_KEY = 0x5f_4d_49_47; // 'SMIG'

/**
 * Applies pending migrations; safe to run at every start (drizzle records what it applied) and
 * from several processes at once: on PostgreSQL they take turns on a session advisory lock.
 * drizzle's migrator alone is not safe there — two instances starting together on an empty
 * database both saw "nothing applied" and the second failed on the tables the first created.
 */
export async function runMigrations(
  handle: DatabaseHandle,
  migrationsFolder: string = defaultMigrationsFolder,
): Promise<void> {
  if (handle.pglite) {
    // Loaded on demand: a PostgreSQL process never needs PGlite (see client.ts).
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!handle.url) throw new Error('a PostgreSQL handle without its URL cannot be migrated');
  // One connection of its own: the lock belongs to a session, and migrations must not be cut
  // short by the request pool's query timeout.
  const path = socketPathOf(handle.url);
  const session = postgres(handle.url, { max: 1, onnotice: () => {}, ...(path ? { path } : {}) });
  try {
    await session`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzle(session), { migrationsFolder });
  } finally {
    // Ending the session releases the lock, also when a migration failed.
    await session.end({ timeout: 5 });
  }
}
