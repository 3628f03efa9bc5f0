import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * patches/postgres@3.4.9.patch fixes postgres.js's connection queue (docs/performance.md: it
 * cost a quarter of the API's CPU under load). A version bump drops a patch silently; this
 * says so, and checks the patched queue still behaves as a queue.
 */
describe('the patched postgres.js queue', () => {
  const queueFile = join(dirname(fileURLToPath(import.meta.resolve('postgres'))), 'queue.js');

  it('is the patched one', () => {
    expect(readFileSync(queueFile, 'utf8')).toContain('xs.indexOf(x, index)');
  });

  it('is first in, first out; removes from anywhere; never yields a removed item', async () => {
    const { default: Queue } = (await import(queueFile)) as {
      default: <T>() => {
        length: number;
        push(x: T): T;
        shift(): T | undefined;
        remove(x: T): T | null;
      };
    };
    const queue = Queue<number>();
    const model: number[] = [];
    // A queue that never drains (a busy pool): interleaved pushes, shifts and removes.
    for (let i = 0; i < 20_000; i++) {
      queue.push(i);
      model.push(i);
      if (i % 3 === 0) expect(queue.shift()).toBe(model.shift());
      if (i % 7 === 0 && model.length > 2) {
        const victim = model[1] as number;
        expect(queue.remove(victim)).toBe(victim);
        model.splice(1, 1);
      }
      expect(queue.length).toBe(model.length);
    }
    expect(queue.remove(-1)).toBeNull();
    while (model.length > 0) expect(queue.shift()).toBe(model.shift());
    expect(queue.length).toBe(0);
    expect(queue.shift()).toBeUndefined();
    expect(queue.length).toBe(0);
  });
});
