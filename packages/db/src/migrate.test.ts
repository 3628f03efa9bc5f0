import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../testing/global-setup';
import { openPostgres } from './client';
import { defaultMigrationsFolder, runMigrations } from './migrate';

const template = inject('testDatabase');
const serverUrl = template.kind === 'postgres' ? template.serverUrl : undefined;

describe.skipIf(!serverUrl)('migrations on PostgreSQL (needs DATABASE_URL)', () => {
  const name = `${template.kind === 'postgres' ? template.prefix : 'x'}_migrate_${randomBytes(4).toString('hex')}`;
  let admin: postgres.Sql;
  beforeAll(async () => {
    admin = postgres(serverUrl ?? '', { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  });
  afterAll(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('three processes starting at once on an empty database apply each migration once', async () => {
    const url = withDatabase(serverUrl ?? '', name);
    const instances = [1, 2, 3].map(() => openPostgres({ url, maxConnections: 2 }));
    try {
      const results = await Promise.allSettled(instances.map((handle) => runMigrations(handle)));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const journal = JSON.parse(
        readFileSync(join(defaultMigrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const check = postgres(url, { max: 1 });
      const [applied] = await check<{ count: number }[]>`
        select count(*)::int as count from drizzle.__drizzle_migrations`;
      await check.end();
      expect(applied?.count).toBe(journal.entries.length);
    } finally {
      await Promise.all(instances.map((handle) => handle.close()));
    }
  });
});
