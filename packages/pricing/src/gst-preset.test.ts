import { describe, expect, it } from 'vitest';
import { gstComponents, gstinRegion, INDIA_GST_RATES, indiaGstPreset } from './gst-preset';
import { selectTaxRule } from './tax-rules';

describe('the India GST preset', () => {
  it('a category per slab, each with its intra-state and inter-state rule', () => {
    const { categories, rules } = indiaGstPreset('KA');
    expect(categories.map((c) => [c.code, c.name])).toEqual(
      INDIA_GST_RATES.map((rate) => [`GST${rate}`, `GST ${rate} %`]),
    );
    expect(rules.map((r) => `${r.country}/${r.region}/${r.taxCategory}`)).toEqual(
      categories.flatMap((c) => [`IN/KA/${c.code}`, `IN/*/${c.code}`]),
    );
    expect(rules.filter((r) => r.taxCategory === 'GST0').map((r) => r.components)).toEqual([
      [],
      [],
    ]);
  });

  it('CGST + SGST at half the rate at home, IGST elsewhere, chosen by the buyer’s state', () => {
    const { rules } = indiaGstPreset('KA');
    const names = (region: string) => {
      const selection = selectTaxRule(rules, { country: 'IN', region, taxCategory: 'GST5' });
      if (!selection.ok) throw new Error(selection.code);
      return selection.rule.components;
    };
    expect(names('KA')).toEqual([
      { name: 'CGST', rateBasisPoints: 250 },
      { name: 'SGST', rateBasisPoints: 250 },
    ]);
    expect(names('MH')).toEqual([{ name: 'IGST', rateBasisPoints: 500 }]);
    expect(gstComponents(18, 'inter')).toEqual([{ name: 'IGST', rateBasisPoints: 1800 }]);
    expect(gstComponents(0, 'intra')).toEqual([]);
  });

  it('reads the home state of a valid GSTIN only', () => {
    expect(gstinRegion('29AAGCB7383J1Z4')).toBe('KA');
    expect(gstinRegion(' 27aapfu0939f1zv ')).toBe('MH');
    expect(gstinRegion('29AAGCB7383J1Z5')).toBeUndefined();
    expect(gstinRegion(null)).toBeUndefined();
  });
});
