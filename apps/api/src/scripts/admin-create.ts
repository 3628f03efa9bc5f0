/**
 * Creates the first admin, or promotes an existing account (unblocking it if it was blocked):
 *   pnpm admin:create --email boss@example.com --password 'long secret' [--name 'Shop Owner']
 * Uses the same configuration (DATABASE_URL or DATA_DIR) as the server.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '@storefront/db/client';
import { runMigrations } from '@storefront/db/migrate';
import { createArgon2Hasher, createUsersRepository, provisionAdmin } from '@storefront/routers';
import { z } from 'zod';
import { loadEnv } from '../env';

const Args = z.object({
  email: z.email(),
  password: z.string().min(8).max(128),
  name: z.string().trim().min(1).max(255).default('Administrator'),
  phone: z.string().trim().min(3).max(32).default('+00 000 0000'),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
    },
  });
  const parsed = Args.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`--${issue?.path.join('.')} ${issue?.message ?? 'is invalid'}`);
  }
  const args = parsed.data;
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await runMigrations(database);
    const users = createUsersRepository(database.db);
    console.log(await provisionAdmin({ users, hasher: createArgon2Hasher() }, args));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
