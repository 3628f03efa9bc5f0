/**
 * Runs at most `max` tasks at once; the others wait their turn in order. A finishing task hands
 * its slot straight to the next waiter, so the limit holds even between the two.
 */
export function limitConcurrency(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
