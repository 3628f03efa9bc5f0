import { describe, expect, it } from 'vitest';
import { candidateKeys, mostSpecificRule } from './rule-match';
import { MAX_RULES_PER_IMPORT, parseRuleLine, parseRulesCsv, splitCsvLine } from './rules-csv';

const HEADER = 'postcode,zone,deliverable,cod,min_days,max_days';

describe('the rules CSV', () => {
  it('reads rules, normalising postcodes, with quoted zones, CRLF and blank lines', () => {
    const parsed = parseRulesCsv(
      `\uFEFF${HEADER}\r\n560 001,"Bengaluru, urban",true,true,1,2\r\n\r\n11*,North,TRUE,false,3,5\r\n`,
    );
    expect(parsed).toEqual({
      ok: true,
      rules: [
        {
          postcode: '560001',
          zone: 'Bengaluru, urban',
          deliverable: true,
          cod: true,
          minDays: 1,
          maxDays: 2,
        },
        { postcode: '11*', zone: 'North', deliverable: true, cod: false, minDays: 3, maxDays: 5 },
      ],
    });
  });

  it('refuses every bad line, numbered as in the file (header = 1), and imports nothing', () => {
    const parsed = parseRulesCsv(
      [
        HEADER,
        '560001,A,true,true,1,2',
        '',
        '56*1,A,true,true,1,2',
        '560002,A,yes,true,1,2',
        '560003,A,true,no,1,2',
        '560004,A,true,true,-1,2',
        '560005,A,true,true,3,2',
        '560006,A,true,true,1',
        '560007,"A,true,true,1,2',
      ].join('\n'),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.rejected.map((r) => r.line)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(parsed.rejected[0]?.reason).toMatch(/^postcode:/);
    expect(parsed.rejected[1]?.reason).toMatch(/^deliverable:/);
    expect(parsed.rejected[2]?.reason).toMatch(/^cod:/);
    expect(parsed.rejected[3]?.reason).toMatch(/^min_days:/);
    expect(parsed.rejected[4]?.reason).toBe('max_days: not less than min_days.');
    expect(parsed.rejected[5]?.reason).toBe('Expected 6 fields, found 5.');
    expect(parsed.rejected[6]?.reason).toBe('An opening quote is never closed.');
  });

  it('refuses a file without the header as line 1', () => {
    expect(parseRulesCsv('560001,A,true,true,1,2')).toEqual({
      ok: false,
      rejected: [{ line: 1, reason: `The header must be ${HEADER}.` }],
    });
  });

  it('keeps the last line of a code given twice', () => {
    const parsed = parseRulesCsv(`${HEADER}\n560001,A,true,true,1,2\n560001,B,false,false,0,0`);
    expect(parsed.ok && parsed.rules).toEqual([
      { postcode: '560001', zone: 'B', deliverable: false, cod: false, minDays: 0, maxDays: 0 },
    ]);
  });

  it(`takes ${MAX_RULES_PER_IMPORT} rules and refuses one more`, () => {
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => `${100000 + i},Z,true,true,1,2`);
    const full = parseRulesCsv([HEADER, ...lines(MAX_RULES_PER_IMPORT)].join('\n'));
    expect(full.ok && full.rules.length).toBe(MAX_RULES_PER_IMPORT);
    const over = parseRulesCsv([HEADER, ...lines(MAX_RULES_PER_IMPORT + 1)].join('\n'));
    expect(over.ok ? [] : over.rejected.map((r) => r.line)).toEqual([MAX_RULES_PER_IMPORT + 2]);
  });

  it('splits quoted fields with doubled quotes', () => {
    expect(splitCsvLine('a, "b ""c"", d" ,e')).toEqual(['a', 'b "c", d', 'e']);
    expect(parseRuleLine('*,A,true,true,1,2')).toMatch(/^postcode:/);
  });
});

describe('the most specific rule', () => {
  const rules = [
    { postcode: '5*', id: 1 },
    { postcode: '560*', id: 2 },
    { postcode: '5600*', id: 3 },
    { postcode: '560001', id: 4 },
  ];

  it('is the exact code, then the longest prefix, else none', () => {
    expect(mostSpecificRule('560001', rules)?.id).toBe(4);
    expect(mostSpecificRule('560002', rules)?.id).toBe(3);
    expect(mostSpecificRule('561000', rules)?.id).toBe(1);
    expect(mostSpecificRule('5 6 0 0 9 9', rules)?.id).toBe(3);
    expect(mostSpecificRule('110001', rules)).toBeUndefined();
  });

  it('looks up the code, the code as a prefix, then each shorter prefix', () => {
    expect(candidateKeys('5601')).toEqual(['5601', '5601*', '560*', '56*', '5*']);
  });
});
