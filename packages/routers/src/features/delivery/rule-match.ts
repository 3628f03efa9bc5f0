/*
 * Which delivery rule serves a postcode (docs/delivery.md): the exact code, else the longest
 * prefix, else none (the store default). Pure, so the repository only fetches candidates.
 */

import { normalisePostcode } from './rules-csv';

/**
 * The rule keys that could serve `postcode`, most specific first: `560001`, `560001*`, `56000*`,
 * … `5*`.
 */
export function candidateKeys(postcode: string): string[] {
  const code = normalisePostcode(postcode);
  const keys = [code];
  for (let length = code.length; length >= 1; length--) keys.push(`${code.slice(0, length)}*`);
  return keys;
}

/** The most specific of `rules` for `postcode`: exact, then the longest matching prefix. */
export function mostSpecificRule<R extends { postcode: string }>(
  postcode: string,
  rules: readonly R[],
): R | undefined {
  const byKey = new Map(rules.map((rule) => [rule.postcode, rule]));
  for (const key of candidateKeys(postcode)) {
    const rule = byKey.get(key);
    if (rule) return rule;
  }
  return undefined;
}
