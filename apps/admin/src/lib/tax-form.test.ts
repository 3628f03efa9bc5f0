import { describe, expect, it } from 'vitest';
import {
  describeComponents,
  draftFromRule,
  emptyRuleDraft,
  hsnOf,
  INDIAN_STATES,
  monthToDate,
  registerFileName,
  ruleErrors,
  ruleInput,
  sentRowPositions,
  taxCategoryInput,
  taxCategoryOptions,
  totalRate,
} from './tax-form';

describe('a tax rule as the form edits it', () => {
  it('starts as any region and category with one empty component', () => {
    expect(emptyRuleDraft()).toEqual({
      country: '',
      region: '*',
      tax_category: '*',
      components: [{ name: '', rate: '' }],
    });
  });

  it('sends trimmed codes, rates as numbers, an emptied region as * and no empty rows', () => {
    expect(
      ruleInput({
        country: ' IN ',
        region: '  ',
        tax_category: 'GST18',
        components: [
          { name: ' CGST ', rate: '9' },
          { name: '', rate: ' ' },
          { name: 'SGST', rate: '2.5' },
        ],
      }),
    ).toEqual({
      country: 'IN',
      region: '*',
      tax_category: 'GST18',
      components: [
        { name: 'CGST', rate: 9 },
        { name: 'SGST', rate: 2.5 },
      ],
    });
  });

  it('sends a rate it cannot read as typed (and an empty one as empty), for the server to name', () => {
    const input = ruleInput({
      country: 'IN',
      region: 'KA',
      tax_category: '*',
      components: [
        { name: 'CGST', rate: 'nine' },
        { name: 'SGST', rate: '' },
      ],
    });
    expect(input.components).toEqual([
      { name: 'CGST', rate: 'nine' },
      { name: 'SGST', rate: '' },
    ]);
  });

  it('sends no components when every row is empty; a stored rule without any is exempt', () => {
    expect(ruleInput({ ...emptyRuleDraft(), country: 'IN' }).components).toEqual([]);
    expect(describeComponents([])).toBe('Exempt');
  });

  it('reads a stored rule back into rows, rates as the server wrote them', () => {
    const draft = draftFromRule({
      country: 'IN',
      region: 'KA',
      tax_category: 'GST5',
      components: [
        { name: 'CGST', rate: 2.5 },
        { name: 'SGST', rate: 2.5 },
      ],
    });
    expect(draft.components).toEqual([
      { name: 'CGST', rate: '2.5' },
      { name: 'SGST', rate: '2.5' },
    ]);
    expect(ruleInput(draft).components).toEqual([
      { name: 'CGST', rate: 2.5 },
      { name: 'SGST', rate: 2.5 },
    ]);
  });

  it('describes components and adds their rates without float dust', () => {
    const gst = [
      { name: 'CGST', rate: 9 },
      { name: 'SGST', rate: 9 },
    ];
    expect(describeComponents(gst)).toBe('CGST 9% + SGST 9%');
    expect(totalRate(gst)).toBe(18);
    expect(totalRate([{ rate: 0.1 }, { rate: 0.2 }])).toBe(0.3);
  });
});

describe("the server's messages on the rule form", () => {
  it('puts a component message on its row and input, the others on their fields', () => {
    const placed = ruleErrors({
      'components.1.rate': 'Too big: expected number to be <=100',
      'components.0.name': 'Required',
      country: 'Invalid country',
      tax_category: 'Unknown tax category',
    });
    expect(placed.rows).toEqual([
      { name: 'Required' },
      { rate: 'Too big: expected number to be <=100' },
    ]);
    expect(placed).toMatchObject({
      country: 'Invalid country',
      tax_category: 'Unknown tax category',
    });
    expect(placed.other).toEqual([]);
  });

  it('maps a sent position back to the row on screen when empty rows were dropped', () => {
    const rows = [
      { name: 'CGST', rate: '9' },
      { name: '', rate: '' },
      { name: 'SGST', rate: '120' },
    ];
    const positions = sentRowPositions(rows);
    expect(positions).toEqual([0, 2]);
    expect(ruleErrors({ 'components.1.rate': 'Too big' }, positions).rows[2]).toEqual({
      rate: 'Too big',
    });
  });

  it('keeps list-wide messages on the list and anything else for above the button', () => {
    const placed = ruleErrors({
      components: 'Give each component once',
      'components.3': 'Invalid input',
      id: 'Not found',
    });
    expect(placed.components).toBe('Give each component once Invalid input');
    expect(placed.other).toEqual(['Not found']);
  });
});

describe('the product form and the GST preset', () => {
  const categories = [
    { code: 'GST18', name: 'Standard', hsn_code: '8513' },
    { code: 'SERVICE', name: 'Services', hsn_code: null },
  ];

  it('offers no category first, then each category with its HSN', () => {
    expect(taxCategoryOptions(categories)).toEqual([
      { value: '', label: 'None (rules for every category apply)' },
      { value: 'GST18', label: 'GST18 · Standard · HSN 8513' },
      { value: 'SERVICE', label: 'SERVICE · Services' },
    ]);
  });

  it("says the chosen category's HSN, and sends none as null", () => {
    expect(hsnOf(categories, 'GST18')).toBe('HSN/SAC 8513');
    expect(hsnOf(categories, 'SERVICE')).toBe('SERVICE has no HSN code.');
    expect(hsnOf(categories, '')).toBe('No tax category: invoices show no HSN code.');
    expect(taxCategoryInput('')).toBeNull();
    expect(taxCategoryInput('GST18')).toBe('GST18');
  });

  it('offers the current states by ISO code, without the codes no longer issued', () => {
    expect(INDIAN_STATES).toContainEqual({ value: 'KA', label: 'Karnataka (29)' });
    expect(INDIAN_STATES).toContainEqual({ value: 'LA', label: 'Ladakh (38)' });
    expect(INDIAN_STATES.some((s) => s.label.includes('before division'))).toBe(false);
    expect(INDIAN_STATES.some((s) => s.label.startsWith('Other Territory'))).toBe(false);
    expect(new Set(INDIAN_STATES.map((s) => s.value)).size).toBe(INDIAN_STATES.length);
  });
});

describe('the invoice register range', () => {
  it('starts at the first of this month in local time and names the file by its range', () => {
    expect(monthToDate(new Date(2026, 3, 17, 23, 30))).toEqual({
      from: '2026-04-01',
      to: '2026-04-17',
    });
    expect(registerFileName({ from: '2026-04-01', to: '2026-04-30' })).toBe(
      'invoice-register-2026-04-01-2026-04-30.csv',
    );
  });
});
