import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The rule "another slice only through its index.ts" (docs/architecture.md, "Slices") is the
 * linter's (biome.json, noRestrictedImports patterns). These plant an import in a file under a
 * slice's path, lint that one file, and remove it (biome reports nothing for stdin input).
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const features = fileURLToPath(new URL('./features/', import.meta.url));

/** The linter's verdict on `source` as the file `path` (from the repository root). */
function lint(path: string, source: string): { ok: boolean; output: string } {
  const planted = path.replace('/planted', `/planted-${process.pid}`);
  writeFileSync(`${repoRoot}${planted}`, source);
  try {
    const output = execFileSync('node_modules/.bin/biome', ['lint', '--colors=off', planted], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { ok: true, output };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  } finally {
    rmSync(`${repoRoot}${planted}`, { force: true });
  }
}

const importing = (names: string, from: string) =>
  `import { ${names} } from '${from}';\n\nexport const used = [${names}];\n`;

describe('slice boundaries (the linter)', () => {
  it('refuses a slice importing another slice’s inner file, naming the rule', () => {
    const planted = lint(
      'packages/routers/src/features/wishlist/planted.ts',
      importing('takeStock', '../catalog/stock.steps'),
    );
    expect(planted.ok).toBe(false);
    expect(planted.output).toContain('noRestrictedImports');
    expect(planted.output).toContain('public index.ts');
  });

  it('refuses it in repositories and tests too, and from the package’s root files', () => {
    for (const [path, from] of [
      [
        'packages/routers/src/features/reviews/planted.repository.ts',
        '../catalog/catalog.repository',
      ],
      ['packages/routers/src/features/mail/planted.test.ts', '../orders/order.dto'],
      ['packages/routers/src/planted.ts', './features/catalog/stock.steps'],
    ] as const) {
      expect(lint(path, importing('x', from)).ok, `${path} importing ${from}`).toBe(false);
    }
  });

  it('allows a slice’s index, the slice’s own files and the shared root files', () => {
    for (const [path, from] of [
      ['packages/routers/src/features/wishlist/planted.ts', '../catalog'],
      ['packages/routers/src/features/wishlist/planted.ts', './wishlist.repository'],
      ['packages/routers/src/features/wishlist/planted.ts', '../../envelope'],
      ['packages/routers/src/planted.ts', './features/catalog'],
    ] as const) {
      const verdict = lint(path, importing('x', from));
      expect(verdict.ok, `${path} importing ${from}: ${verdict.output}`).toBe(true);
    }
  });

  it('every slice has its public file, and the package exports no slice internals', () => {
    const slices = readdirSync(features, { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    for (const slice of slices) {
      expect(readdirSync(`${features}${slice.name}`), slice.name).toContain('index.ts');
    }
    const manifest = JSON.parse(readFileSync(`${repoRoot}packages/routers/package.json`, 'utf8'));
    expect(Object.keys(manifest.exports).filter((key) => key.includes('features'))).toEqual([]);
  });
});
