import type { Executor } from '@storefront/db/client';
import { deliveryRules } from '@storefront/db/schema';
import { count, desc, ilike, inArray, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../pagination';
import type { DeliveryRuleValues } from './rules-csv';

export type DeliveryRuleRecord = typeof deliveryRules.$inferSelect;

const filter = (q: string | undefined) =>
  q
    ? or(
        ilike(deliveryRules.postcode, containsPattern(q)),
        ilike(deliveryRules.zone, containsPattern(q)),
      )
    : undefined;

/** The delivery rules: the import's bulk upsert, the back office's list, the lookup's candidates. */
export function createDeliveryRulesRepository(db: Executor) {
  return {
    /**
     * Adds the rules and replaces those with the same code or prefix, in one statement: the
     * rows travel as one JSON parameter (50,000 rows would exceed PostgreSQL's 65,535 bind
     * parameters as a multi-row VALUES).
     */
    async upsert(rules: readonly DeliveryRuleValues[]): Promise<number> {
      if (rules.length === 0) return 0;
      const rows = JSON.stringify(
        rules.map((r) => ({
          postcode: r.postcode,
          zone: r.zone,
          deliverable: r.deliverable,
          cod: r.cod,
          min_days: r.minDays,
          max_days: r.maxDays,
        })),
      );
      await db.execute(sql`
        insert into ${deliveryRules} (postcode, zone, deliverable, cod, min_days, max_days)
        select postcode, zone, deliverable, cod, min_days, max_days
        from jsonb_to_recordset(${rows}::jsonb)
          as r(postcode text, zone text, deliverable boolean, cod boolean, min_days int, max_days int)
        on conflict (postcode) do update set
          zone = excluded.zone,
          deliverable = excluded.deliverable,
          cod = excluded.cod,
          min_days = excluded.min_days,
          max_days = excluded.max_days,
          updated_at = now()
      `);
      return rules.length;
    },

    async page(
      q: string | undefined,
      window: { limit: number; offset: number },
    ): Promise<DeliveryRuleRecord[]> {
      return (
        db
          .select()
          .from(deliveryRules)
          .where(filter(q))
          // Byte order: the same on PostgreSQL and PGlite whatever their collations.
          .orderBy(sql`${deliveryRules.postcode} collate "C"`, desc(deliveryRules.id))
          .limit(window.limit)
          .offset(window.offset)
      );
    },

    async count(q: string | undefined): Promise<number> {
      const [row] = await db.select({ total: count() }).from(deliveryRules).where(filter(q));
      return Number(row?.total ?? 0);
    },

    /** Deletes the rules with these ids; returns how many there were. */
    async delete(ids: readonly number[]): Promise<number> {
      const deleted = await db
        .delete(deliveryRules)
        .where(inArray(deliveryRules.id, [...ids]))
        .returning({ id: deliveryRules.id });
      return deleted.length;
    },

    /** The rules whose key is one of `keys` (a postcode's candidates, rule-match.ts). */
    async withKeys(keys: readonly string[]): Promise<DeliveryRuleRecord[]> {
      return db
        .select()
        .from(deliveryRules)
        .where(inArray(deliveryRules.postcode, [...keys]));
    },
  };
}

export type DeliveryRulesRepository = ReturnType<typeof createDeliveryRulesRepository>;
