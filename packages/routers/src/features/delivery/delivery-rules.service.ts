import { metaFor, pageOffset } from '../../pagination';
import type { InTransaction } from '../../transactions';
import { toIso } from '../../zod-helpers';
import type { DeliveryRuleListInput } from './delivery.admin.schemas';
import type { DeliveryRepositories } from './delivery.repositories';
import type { DeliveryRuleRecord } from './delivery-rules.repository';
import type { DeliverySettingsRecord } from './delivery-settings.repository';
import { candidateKeys, mostSpecificRule } from './rule-match';
import { parseRulesCsv } from './rules-csv';

export const toDeliveryRuleDto = (rule: DeliveryRuleRecord) => ({
  id: rule.id,
  postcode: rule.postcode,
  zone: rule.zone,
  deliverable: rule.deliverable,
  cod: rule.cod,
  min_days: rule.minDays,
  max_days: rule.maxDays,
  updated_at: toIso(rule.updatedAt),
});

/** How the shop delivers to one postcode: its most specific rule, or the store default. */
export interface DeliveryTerms {
  /** The rule's key (`560*`), or null for the store default. */
  rule: string | null;
  zone: string;
  deliverable: boolean;
  cod: boolean;
  minDays: number;
  maxDays: number;
}

export function termsOf(
  postcode: string,
  rules: readonly DeliveryRuleRecord[],
  settings: DeliverySettingsRecord,
): DeliveryTerms {
  const rule = mostSpecificRule(postcode, rules);
  if (rule) {
    const { postcode: key, zone, deliverable, cod, minDays, maxDays } = rule;
    return { rule: key, zone, deliverable, cod, minDays, maxDays };
  }
  return {
    rule: null,
    zone: '',
    deliverable: settings.defaultDeliverable,
    cod: settings.defaultCod,
    minDays: settings.defaultMinDays,
    maxDays: settings.defaultMaxDays,
  };
}

/** admin.delivery.* and the lookup every delivery promise starts from. */
export function createDeliveryRulesService(deps: {
  repos: DeliveryRepositories;
  inTransaction: InTransaction<DeliveryRepositories>;
  changed: () => void;
}) {
  return {
    /** One transaction: a file with a bad line imports nothing (parsed before it opens). */
    async import(csv: string) {
      const parsed = parseRulesCsv(csv);
      if (!parsed.ok) return { imported: 0, rejected: parsed.rejected };
      const imported = await deps.inTransaction((tx) => tx.rules.upsert(parsed.rules));
      deps.changed();
      return { imported, rejected: [] };
    },

    async list(input: DeliveryRuleListInput) {
      const q = input.q || undefined;
      const [rows, total] = await Promise.all([
        deps.repos.rules.page(q, pageOffset(input)),
        deps.repos.rules.count(q),
      ]);
      return { items: rows.map(toDeliveryRuleDto), meta: metaFor(input, total) };
    },

    async delete(ids: readonly number[]) {
      const deleted = await deps.repos.rules.delete([...new Set(ids)]);
      deps.changed();
      return { deleted };
    },

    /** The terms for `postcode` (already checked for its country). */
    async lookup(postcode: string): Promise<DeliveryTerms> {
      const [rules, settings] = await Promise.all([
        deps.repos.rules.withKeys(candidateKeys(postcode)),
        deps.repos.settings.read(),
      ]);
      return termsOf(postcode, rules, settings);
    },
  };
}

export type DeliveryRulesService = ReturnType<typeof createDeliveryRulesService>;
