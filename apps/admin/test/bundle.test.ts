import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** The built panel (turbo builds it before this package's tests: turbo.json). */
const dist = join(import.meta.dirname, '..', 'dist');
const BUDGET_BYTES = 350 * 1024;

function entryFiles(): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/admin\/(assets\/[^"]+)"/g)].map((m) => m[1] as string);
}

describe('the built admin panel', () => {
  it('loads a script and a stylesheet from /admin/assets only', () => {
    const files = entryFiles();
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    expect(files.some((file) => file.endsWith('.css'))).toBe(true);
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    // Nothing from another host: no CDN, no web fonts.
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
  });

  it(`stays under ${BUDGET_BYTES / 1024} kB gzipped (script and stylesheet)`, () => {
    const gzipped = entryFiles().reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length,
      0,
    );
    console.info(`admin panel entry: ${(gzipped / 1024).toFixed(1)} kB gzipped`);
    expect(gzipped).toBeLessThan(BUDGET_BYTES);
  });

  it('asks no other host for fonts or images in its stylesheet', () => {
    for (const file of entryFiles().filter((f) => f.endsWith('.css'))) {
      const css = readFileSync(join(dist, file), 'utf8');
      expect(css).not.toMatch(/url\(\s*["']?(?:https?:)?\/\//);
      expect(css).not.toMatch(/@import/);
    }
  });
});
