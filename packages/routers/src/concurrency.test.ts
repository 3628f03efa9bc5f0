import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './concurrency';

describe('limitConcurrency', () => {
  it('never runs more than max tasks at once, and runs them all in order', async () => {
    const limit = limitConcurrency(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const results = Array.from({ length: 5 }, (_, i) =>
      limit(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return i * 10;
      }),
    );
    // Release one task at a time; each frees exactly one slot.
    while (started.length < 5 || releases.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees the slot when a task fails', async () => {
    const limit = limitConcurrency(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
  });
});
