/**
 * Spreading an integer amount of minor units over parts, so the parts always add up to the
 * amount exactly (docs/tax.md, "Allocation"). Used to spread an order's discount over its lines
 * and an order's rounded tax over the lines that owe it.
 */

const assertSafeNonNegativeInteger = (value: number, what: string) => {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative safe integer, got ${value}.`);
  }
};

/**
 * `a × b ÷ c` as an exact quotient and remainder, for non-negative safe integers. The product of
 * two amounts (e.g. a ₹10 lakh order's discount × one line's price, in paise) can exceed 2^53,
 * so that case goes through BigInt; the common case stays in plain numbers.
 */
export function mulDivFloor(
  a: number,
  b: number,
  c: number,
): [quotient: number, remainder: number] {
  const product = a * b;
  if (Number.isSafeInteger(product)) return [Math.floor(product / c), product % c];
  const big = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return [Number(big / divisor), Number(big % divisor)];
}

/**
 * `a × b ÷ c` rounded half up: the same result as `mulDivHalfUp` in pricing.ts wherever that one
 * is exact, and still exact where `2ab` would pass 2^53.
 */
export function mulDivRoundHalfUp(a: number, b: number, c: number): number {
  const [quotient, remainder] = mulDivFloor(a, b, c);
  return remainder * 2 >= c ? quotient + 1 : quotient;
}

/**
 * Splits `totalCents` over `weights` proportionally: every part gets the floor of its exact
 * share, and the cents left over go one each to the parts with the largest remainders, the
 * earlier index first on a tie. The parts sum to `totalCents` exactly; a zero weight gets 0
 * whenever some weight is positive. When every weight is 0 (or all are equal) the amount is split
 * equally, the earlier parts taking the odd cents — an amount is never silently dropped.
 * A negative total is allocated as the negation of its absolute value (refunds, credit notes).
 *
 * Weights are non-negative safe integers (cents, quantities, basis points); no weights with a
 * non-zero total is a programming error (RangeError).
 */
export function allocateLargestRemainder(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalCents)) {
    throw new RangeError(`The amount to allocate must be a safe integer, got ${totalCents}.`);
  }
  if (totalCents < 0) {
    return allocateLargestRemainder(-totalCents, weights).map((part) => (part === 0 ? 0 : -part));
  }
  for (const weight of weights) assertSafeNonNegativeInteger(weight, 'An allocation weight');
  if (weights.length === 0) {
    if (totalCents === 0) return [];
    throw new RangeError(`Cannot allocate ${totalCents} over no parts.`);
  }
  let weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const effective = weightSum === 0 ? weights.map(() => 1) : weights;
  if (weightSum === 0) weightSum = weights.length;
  assertSafeNonNegativeInteger(weightSum, 'The sum of the allocation weights');

  const parts: number[] = [];
  const remainders: number[] = [];
  let allocated = 0;
  for (const weight of effective) {
    const [quotient, remainder] = mulDivFloor(totalCents, weight, weightSum);
    parts.push(quotient);
    remainders.push(remainder);
    allocated += quotient;
  }
  const leftover = totalCents - allocated; // < number of parts: each floor loses less than 1
  if (leftover > 0) {
    const order = remainders
      .map((remainder, index) => ({ remainder, index }))
      .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
    for (let i = 0; i < leftover; i++) {
      const target = order[i];
      if (target) parts[target.index] = (parts[target.index] ?? 0) + 1;
    }
  }
  return parts;
}

/**
 * Fills a table of cells (rows × columns) with integers whose row sums are `rowTotals` and whose
 * column sums are `columnTotals`, each cell close to its proportional share
 * `rowTotal × columnWeight ÷ Σ columnWeights`: every cell starts at the floor of that share and
 * the missing cents go, column by column, to the rows still short with the largest remainders.
 *
 * Used to split each line's tax into its components (CGST and SGST) so that both every line's
 * components and the order's component totals add up. Needs Σ rowTotals = Σ columnTotals, and
 * each column total at least the sum of that column's floors (true when the column totals are
 * themselves a largest-remainder split of the same amount by the same weights).
 */
export function allocateTable(
  rowTotals: readonly number[],
  columnWeights: readonly number[],
  columnTotals: readonly number[],
): number[][] {
  const total = rowTotals.reduce((sum, value) => sum + value, 0);
  if (total !== columnTotals.reduce((sum, value) => sum + value, 0)) {
    throw new RangeError('The row totals and the column totals must have the same sum.');
  }
  const weightSum = columnWeights.reduce((sum, value) => sum + value, 0);
  const shares = rowTotals.map((rowTotal) =>
    columnWeights.map((weight) =>
      weightSum === 0 ? [0, 0] : mulDivFloor(rowTotal, weight, weightSum),
    ),
  );
  const cells = shares.map((row) => row.map(([quotient]) => quotient ?? 0));
  const rowShort = rowTotals.map(
    (rowTotal, i) => rowTotal - (cells[i] ?? []).reduce((sum, value) => sum + value, 0),
  );
  const columnShorts = columnTotals.map(
    (columnTotal, c) => columnTotal - cells.reduce((sum, row) => sum + (row[c] ?? 0), 0),
  );
  if (columnShorts.some((short) => short < 0)) {
    throw new RangeError('A column total is below the sum of its proportional shares.');
  }
  // Now Σ rowShort = Σ columnShorts ≥ 0, so a short column always finds a short row.
  columnShorts.forEach((initialShort, c) => {
    let columnShort = initialShort;
    while (columnShort > 0) {
      // One cent per short row per pass, largest remainder first; a further pass only when a
      // column needs more cents than there are short rows (never for largest-remainder totals).
      const candidates = rowShort
        .map((short, row) => ({ short, row, remainder: shares[row]?.[c]?.[1] ?? 0 }))
        .filter(({ short }) => short > 0)
        .sort((a, b) => b.remainder - a.remainder || a.row - b.row);
      for (const { row } of candidates) {
        if (columnShort === 0) break;
        const cellRow = cells[row];
        if (cellRow) cellRow[c] = (cellRow[c] ?? 0) + 1;
        rowShort[row] = (rowShort[row] ?? 0) - 1;
        columnShort--;
      }
    }
  });
  return cells;
}
