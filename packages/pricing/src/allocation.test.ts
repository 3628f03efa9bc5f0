import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateLargestRemainder, allocateTable, mulDivFloor } from './allocation';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('allocateLargestRemainder', () => {
  it('gives each part its floor and the leftover cents to the largest remainders', () => {
    expect(allocateLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateLargestRemainder(10, [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    // 7 × 1/6 = 1.1667, 7 × 2/6 = 2.333, 7 × 3/6 = 3.5 → 1, 2, 3 and the cent goes to 3.5
    expect(allocateLargestRemainder(7, [1, 2, 3])).toEqual([1, 2, 4]);
    expect(allocateLargestRemainder(675, [3750, 2999])).toEqual([375, 300]);
  });

  it('breaks ties by the earlier index', () => {
    expect(allocateLargestRemainder(1, [5, 5])).toEqual([1, 0]);
    expect(allocateLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
  });

  it('gives zero weights nothing, and splits equally when every weight is zero', () => {
    expect(allocateLargestRemainder(5, [0, 3, 0, 2])).toEqual([0, 3, 0, 2]);
    expect(allocateLargestRemainder(5, [0, 0])).toEqual([3, 2]);
    expect(allocateLargestRemainder(0, [0, 0])).toEqual([0, 0]);
    expect(allocateLargestRemainder(0, [])).toEqual([]);
  });

  it('allocates a negative amount as the negation of its absolute value', () => {
    expect(allocateLargestRemainder(-7, [1, 2, 3])).toEqual([-1, -2, -4]);
    expect(Object.is(allocateLargestRemainder(-1, [1, 0])[1], 0)).toBe(true);
  });

  it('refuses what cannot be allocated', () => {
    expect(() => allocateLargestRemainder(1, [])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(1, [-1, 2])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(1.5, [1])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(1, [0.5])).toThrow(RangeError);
  });

  it('stays exact when amount × weight exceeds 2^53 (large orders in paise)', () => {
    expect(mulDivFloor(10_000_000_000, 3_000_000_001, 9_000_000_000)).toEqual([
      3_333_333_334, 4_000_000_000,
    ]);
    const parts = allocateLargestRemainder(9_000_000_007, [3_000_000_001, 6_000_000_002, 1]);
    expect(sum(parts)).toBe(9_000_000_007);
    expect(parts).toEqual([3_000_000_002, 6_000_000_004, 1]);
  });

  it('always sums to the amount, each part within one cent of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        (total, weights) => {
          const parts = allocateLargestRemainder(total, weights);
          expect(sum(parts)).toBe(total);
          const weightSum = sum(weights);
          parts.forEach((part, i) => {
            const exact =
              weightSum === 0 ? total / weights.length : (total * (weights[i] ?? 0)) / weightSum;
            expect(part).toBeGreaterThanOrEqual(Math.floor(exact));
            expect(part).toBeLessThanOrEqual(Math.ceil(exact));
          });
        },
      ),
      { numRuns: 3000 },
    );
  }, 60_000);
});

describe('allocateTable', () => {
  it('meets both the row totals and the column totals', () => {
    // Two lines' tax of 153 split into CGST and SGST at equal rates: 77 + 76 for the order.
    expect(allocateTable([77, 76], [900, 900], [77, 76])).toEqual([
      [39, 38],
      [38, 38],
    ]);
  });

  it('holds for random rows split by largest remainder into weighted columns', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 10 }),
        fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 4 }),
        (rows, weights) => {
          const columns = allocateLargestRemainder(sum(rows), weights);
          const table = allocateTable(rows, weights, columns);
          expect(table.map(sum)).toEqual(rows);
          expect(weights.map((_, c) => sum(table.map((row) => row[c] ?? 0)))).toEqual(columns);
          for (const cell of table.flat()) expect(cell).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 2000 },
    );
  }, 60_000);
});
