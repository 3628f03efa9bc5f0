import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  percentToBasisPoints,
  selectTaxRule,
  type TaxRule,
} from './tax-rules';

const rule = (
  country: string,
  region: string,
  taxCategory: string,
  ...components: [string, number][]
): TaxRule => ({
  country,
  region,
  taxCategory,
  components: components.map(([name, rateBasisPoints]) => ({ name, rateBasisPoints })),
});

const intraState = rule('IN', 'KA', '*', ['CGST', 900], ['SGST', 900]);
const interState = rule('IN', '*', '*', ['IGST', 1800]);
const booksInterState = rule('IN', '*', 'books', ['IGST', 0]);
const booksAnywhere = rule('*', '*', 'books', ['VAT', 500]);
const fallback = rule('*', '*', '*', ['VAT', 2000]);
const rules = [fallback, booksAnywhere, interState, booksInterState, intraState];

const chosen = (country: string, region: string | null, taxCategory = 'general') => {
  const selection = selectTaxRule(rules, { country, region, taxCategory });
  return selection.ok ? selection.rule : selection.code;
};

describe('percentages and basis points', () => {
  it('converts exactly for up to two decimals', () => {
    expect([9, 2.5, 18, 0.01, 0.29, 12.34, 0].map(percentToBasisPoints)).toEqual([
      900, 250, 1800, 1, 29, 1234, 0,
    ]);
    expect([900, 250, 1, 29, 1234].map(basisPointsToPercent)).toEqual([9, 2.5, 0.01, 0.29, 12.34]);
  });

  it('refuses more decimals, negatives and non-numbers', () => {
    for (const bad of [2.555, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => percentToBasisPoints(bad), String(bad)).toThrow(RangeError);
    }
  });
});

describe('selectTaxRule: the most specific rule wins', () => {
  it('India: a Karnataka address gets CGST + SGST, another state IGST', () => {
    expect(chosen('IN', 'KA')).toBe(intraState);
    expect(chosen('in', 'IN-KA')).toBe(intraState);
    expect(chosen('IN', 'MH')).toBe(interState);
  });

  it('an exact region beats an exact category; an exact category beats `*` at the same region', () => {
    expect(chosen('IN', 'KA', 'books')).toBe(intraState);
    expect(chosen('IN', 'MH', 'books')).toBe(booksInterState);
    expect(chosen('IN', 'MH', 'BOOKS')).toBe(booksInterState);
  });

  it('an exact country beats a category rule for every country; `*` is the default', () => {
    expect(chosen('FR', null, 'books')).toBe(booksAnywhere);
    expect(chosen('FR', null)).toBe(fallback);
    expect(chosen('US', 'CA')).toBe(fallback);
  });

  it('asks for the region when the country has region-specific rules', () => {
    expect(selectTaxRule(rules, { country: 'IN', region: null, taxCategory: 'general' })).toEqual({
      ok: false,
      code: 'REGION_REQUIRED',
      country: 'IN',
    });
    expect(chosen('IN', '  ')).toBe('REGION_REQUIRED');
  });

  it('reports that no rule applies when there is no default', () => {
    expect(
      selectTaxRule([intraState], { country: 'DE', region: 'BE', taxCategory: 'general' }),
    ).toEqual({
      ok: false,
      code: 'NO_TAX_RULE',
      country: 'DE',
      region: 'BE',
      taxCategory: 'general',
    });
  });
});
