import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../testing/global-setup';
import { type DatabaseHandle, openPglite, openPostgres } from './client';
import { defaultMigrationsFolder, runMigrations } from './migrate';

/*
 * Migration 0023 (issue 37): each row of the old `tax_rates` becomes its country's rule for
 * every region and category with one component, so every cart is taxed as before.
 */

const template = inject('testDatabase');
const TAG = '0023_tax_rates_to_rules';

/** The migrations folder as it was before `TAG`: the journal cut just before it. */
function foldersAround(tag: string): { before: string; cleanup: () => void } {
  const before = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(defaultMigrationsFolder, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { before, cleanup: () => rmSync(before, { recursive: true, force: true }) };
}

async function openEmpty(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (template.kind === 'pglite') return { handle: await openPglite(), drop: async () => {} };
  const name = `${template.prefix}_taxmig_${randomBytes(4).toString('hex')}`;
  const admin = postgres(template.serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = withDatabase(template.serverUrl, name);
  return {
    handle: { ...openPostgres({ url, maxConnections: 2 }), url },
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe(`migration ${TAG}`, () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let folders: ReturnType<typeof foldersAround>;
  beforeAll(async () => {
    folders = foldersAround(TAG);
    ({ handle, drop } = await openEmpty());
  });
  afterAll(async () => {
    await handle.close();
    await drop();
    folders.cleanup();
  });

  it('turns every tax rate into the same rule for every region and category, then drops the table', async () => {
    await runMigrations(handle, folders.before);
    await handle.db.execute(sql`
      insert into tax_rates (country, name, rate_basis_points) values
        ('*', 'Standard rate', 1000), ('GB', 'UK VAT', 2000), ('US', 'US sales tax', 825),
        ('JP', 'Exempt', 0)`);

    await runMigrations(handle);

    const rules = await handle.db.execute<{
      country: string;
      region: string;
      tax_category_id: number | null;
      components: unknown;
    }>(sql`select country, region, tax_category_id, components from tax_rules order by country`);
    const rows = Array.isArray(rules) ? rules : (rules as { rows: unknown[] }).rows;
    expect(rows).toEqual([
      {
        country: '*',
        region: '*',
        tax_category_id: null,
        components: [{ name: 'Standard rate', rateBasisPoints: 1000 }],
      },
      {
        country: 'GB',
        region: '*',
        tax_category_id: null,
        components: [{ name: 'UK VAT', rateBasisPoints: 2000 }],
      },
      {
        country: 'JP',
        region: '*',
        tax_category_id: null,
        components: [{ name: 'Exempt', rateBasisPoints: 0 }],
      },
      {
        country: 'US',
        region: '*',
        tax_category_id: null,
        components: [{ name: 'US sales tax', rateBasisPoints: 825 }],
      },
    ]);
    const left = await handle.db.execute(sql`select to_regclass('tax_rates') as name`);
    const [table] = Array.isArray(left) ? left : (left as { rows: unknown[] }).rows;
    expect(table).toEqual({ name: null });
  });
});
