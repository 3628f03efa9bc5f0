import { describe, expect, it } from 'vitest';
import { together } from './transactions';

const settleAfter = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => (fail ? reject(value) : resolve(value)), ms),
  );

describe('together', () => {
  it('answers every value in the order given, whatever order they settle in', async () => {
    await expect(
      together([settleAfter(20, 'a'), settleAfter(1, 2), Promise.resolve(undefined)]),
    ).resolves.toEqual(['a', 2, undefined]);
  });

  it('throws the first failure in the order given, not the first to happen', async () => {
    const first = new Error('first in order');
    await expect(
      together([
        settleAfter(1, 'ok'),
        settleAfter(30, first, true),
        settleAfter(1, new Error('sooner'), true),
      ]),
    ).rejects.toBe(first);
  });

  it('lets every statement settle before a failure ends the transaction', async () => {
    let slowDone = false;
    const slow = settleAfter(40, 'slow').then((value) => {
      slowDone = true;
      return value;
    });
    await expect(together([Promise.reject(new Error('at once')), slow])).rejects.toThrow('at once');
    expect(slowDone).toBe(true);
  });
});
