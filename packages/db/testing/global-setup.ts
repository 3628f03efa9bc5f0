import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/client';
import { runMigrations } from '../src/migrate';

/**
 * Migrates one database per test run and hands every test file a copy of it:
 * PostgreSQL (TEST_DATABASE_URL or DATABASE_URL set) → `CREATE DATABASE ... TEMPLATE`;
 * otherwise PGlite → a dumped data directory each file loads (≈1 s instead of a fresh migrate).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) {
    const prefix = `sf_test_${randomBytes(4).toString('hex')}`;
    const template = `${prefix}_template`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${template}"`);
    const templateUrl = withDatabase(url, template);
    const handle = openPostgres({ url: templateUrl, maxConnections: 1 });
    await runMigrations(handle);
    await handle.close();
    project.provide('testDatabase', { kind: 'postgres', serverUrl: url, template, prefix });
    return async () => {
      const rows = await admin<{ datname: string }[]>`
        select datname from pg_database where datname like ${`${prefix}%`}`;
      for (const { datname } of rows) {
        await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
      await admin.end();
    };
  }

  const dir = mkdtempSync(join(tmpdir(), 'sf-test-'));
  const handle = await openPglite();
  await runMigrations(handle);
  const dump = await handle.pglite?.dumpDataDir('none');
  await handle.close();
  if (!dump) throw new Error('PGlite did not produce a data dump');
  const dumpPath = join(dir, 'migrated.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', dumpPath });
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
