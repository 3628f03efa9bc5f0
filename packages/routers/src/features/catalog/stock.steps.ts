import type { StockLine, StockRepository } from './stock.repository';

/*
 * Stock's step and its undo, side by side (docs/architecture.md): place-order takes, cancel gives
 * back exactly what the order took. Both run in the caller's transaction.
 */

/**
 * Takes every line's units; the first line short of stock is handed to `onShort`, which throws
 * (the transaction then gives back what was taken).
 */
export async function takeStock<L extends StockLine>(
  stock: Pick<StockRepository, 'take'>,
  lines: readonly L[],
  onShort: (line: L) => Error,
): Promise<void> {
  for (const line of lines) {
    if (!(await stock.take(line))) throw onShort(line);
  }
}

/** The undo of `takeStock`: each line's units back (lines whose product is gone are skipped). */
export async function releaseStock(
  stock: Pick<StockRepository, 'release'>,
  lines: readonly StockLine[],
): Promise<void> {
  for (const line of lines) await stock.release(line);
}
