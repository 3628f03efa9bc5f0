import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldersAround, openEmpty } from '../testing/migrations';
import type { DatabaseHandle } from './client';
import { runMigrations } from './migrate';

/*
 * Migration 0023 (issue 37): each row of the old `tax_rates` becomes its country's rule for
 * every region and category with one component, so every cart is taxed as before.
 */

const TAG = '0023_tax_rates_to_rules';

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
