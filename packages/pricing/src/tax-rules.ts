/**
 * Tax rules and the choice of the rule for a line (docs/tax.md, "Rules and precedence").
 * Rates are integer basis points internally (9 % = 900); the API speaks percentages.
 */

/** Matches any value of its field. */
export const ANY = '*';

export interface TaxComponent {
  /** What the invoice calls it: `VAT`, `CGST`, `SGST`, `IGST`. */
  name: string;
  rateBasisPoints: number;
}

export interface TaxRule {
  /** ISO 3166-1 alpha-2, or `*`. */
  country: string;
  /** ISO 3166-2 subdivision code without the country prefix (`KA`; `IN-KA` is accepted), or `*`. */
  region: string;
  taxCategory: string;
  /** Empty for an exempt rule; one component for VAT; two for CGST + SGST. */
  components: TaxComponent[];
}

export interface TaxRuleQuery {
  country: string;
  /** `null` when the address has none. */
  region: string | null;
  /** The line's category; `*` for a line with none, which only `*` rules match. */
  taxCategory: string;
}

export type TaxRuleProblem =
  | { code: 'NO_TAX_RULE'; country: string; region: string | null; taxCategory: string }
  | { code: 'REGION_REQUIRED'; country: string };

export type TaxRuleSelection = { ok: true; rule: TaxRule } | ({ ok: false } & TaxRuleProblem);

/**
 * A percentage as the API speaks it (9, 2.5, 0.25) in basis points (900, 250, 25): exact for up
 * to two decimals; more decimals, a negative or a non-finite value is a RangeError.
 */
export function percentToBasisPoints(percent: number): number {
  const basisPoints = Math.round(percent * 100);
  if (!Number.isFinite(percent) || percent < 0 || Math.abs(percent * 100 - basisPoints) > 1e-6) {
    throw new RangeError(
      `A tax rate must be a percentage with at most 2 decimals, got ${percent}.`,
    );
  }
  return basisPoints;
}

/** Basis points as a percentage for the API: 900 → 9, 250 → 2.5, 1 → 0.01. */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

const normalise = (code: string) => code.trim().toUpperCase();

/** `IN-KA` and `ka` both mean `KA` in India. */
export function normaliseRegion(country: string, region: string): string {
  const code = normalise(region);
  const prefix = `${normalise(country)}-`;
  return code.startsWith(prefix) ? code.slice(prefix.length) : code;
}

const matches = (ruleValue: string, value: string) => ruleValue === ANY || ruleValue === value;

/**
 * The rule for one line, most specific first. Every field of a candidate is either `*` or equal to
 * the query's (codes compared case-insensitively). Among candidates, an exact country beats `*`;
 * at equal country, an exact region beats `*`; at equal country and region, an exact category
 * beats `*` — so (IN, KA, *) beats (IN, *, books), which beats (IN, *, *), which beats (*, *, books).
 * Identical keys are a data error; the first one in `rules` wins.
 *
 * When the address has no region but the rules for its country depend on the region (India's
 * intra- vs inter-state GST), the answer is REGION_REQUIRED rather than the country-wide rule:
 * charging IGST to a Karnataka buyer because the state was left out would be wrong.
 */
export function selectTaxRule(rules: readonly TaxRule[], query: TaxRuleQuery): TaxRuleSelection {
  const country = normalise(query.country);
  const region = query.region?.trim() ? normaliseRegion(country, query.region) : null;
  const taxCategory = normalise(query.taxCategory);
  if (region === null) {
    const dependsOnRegion = rules.some(
      (rule) => normalise(rule.country) === country && normalise(rule.region) !== ANY,
    );
    if (dependsOnRegion) return { ok: false, code: 'REGION_REQUIRED', country };
  }
  let best: { rule: TaxRule; score: number } | undefined;
  for (const rule of rules) {
    const ruleCountry = normalise(rule.country);
    const ruleRegion =
      ruleCountry === ANY ? normalise(rule.region) : normaliseRegion(ruleCountry, rule.region);
    const ruleCategory = normalise(rule.taxCategory);
    if (!matches(ruleCountry, country)) continue;
    if (ruleRegion !== ANY && ruleRegion !== region) continue;
    if (!matches(ruleCategory, taxCategory)) continue;
    // Country outranks region outranks category: bits 4, 2, 1.
    const score =
      (ruleCountry === ANY ? 0 : 4) + (ruleRegion === ANY ? 0 : 2) + (ruleCategory === ANY ? 0 : 1);
    if (!best || score > best.score) best = { rule, score };
  }
  if (best) return { ok: true, rule: best.rule };
  return { ok: false, code: 'NO_TAX_RULE', country, region, taxCategory: query.taxCategory };
}
