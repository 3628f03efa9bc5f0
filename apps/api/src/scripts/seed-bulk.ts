import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@storefront/db/client';
import { runMigrations } from '@storefront/db/migrate';
import { seedBulk } from '@storefront/db/seed/bulk';
import { ConfigError, loadEnv } from '../env';

/**
 * `pnpm db:seed:bulk --products 100000`: adds N synthetic products to the database DATABASE_URL
 * points at (the embedded one under DATA_DIR otherwise), for benchmarks.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { products: { type: 'string', default: '10000' } },
    allowPositionals: true,
  });
  const count = Number(values.products);
  if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
    throw new ConfigError('--products must be a whole number between 1 and 5000000');
  }
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: resolve(env.DATA_DIR),
    maxConnections: 2,
    // Seeding 100k+ products (search terms, vacuum analyze) runs longer than a request may.
    timeoutMs: 0,
  });
  try {
    await runMigrations(database);
    const started = performance.now();
    const result = await seedBulk(database.db, {
      products: count,
      onProgress: (done) => process.stdout.write(`\r${done} / ${count} products`),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `\nSeeded ${result.products} products in ${result.categories} categories on ${database.kind} in ${seconds} s`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
