/**
 * What would be published (dist/, built once by test/build-once.ts): runs without Node, declares
 * its types without the server.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(packageDir, 'dist');
const NODE_MODULES =
  /\bfrom\s*["'](node:[^"']+|fs|path|crypto|http|https|net|os|stream|url|buffer|util|child_process)["']|require\(["'](node:|fs|path|crypto|http|https|net|os|stream|buffer|util)/;

async function bundleNeutral(entry: string, external: string[] = []) {
  const result = await build({
    entryPoints: [join(dist, entry)],
    bundle: true,
    write: false,
    platform: 'neutral',
    format: 'esm',
    external,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('the built bundle', () => {
  it('bundles for a platform-neutral target and references no Node built-in', async () => {
    const code = await bundleNeutral('index.js');
    expect(code).toContain('createStorefrontClient');
    expect(code).not.toMatch(NODE_MODULES);
    expect(code).not.toMatch(/\bprocess\.|__dirname|\bBuffer\b/);
  });

  it('the admin entry needs only @trpc/client besides itself', async () => {
    const code = await bundleNeutral('admin.js', ['@trpc/client']);
    expect(code).toContain('@trpc/client');
    expect(code).not.toMatch(NODE_MODULES);
  });

  it('has ESM and CJS for both entries, as package.json exports them', async () => {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    const targets: string[] = [];
    for (const entry of Object.values(pkg.exports) as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      for (const condition of Object.values(entry) as Record<string, string>[]) {
        targets.push(condition.types as string, condition.default as string);
      }
    }
    expect(targets).toHaveLength(8);
    for (const target of targets) expect(existsSync(join(packageDir, target)), target).toBe(true);

    const cjs = createRequire(import.meta.url)(join(dist, 'index.cjs'));
    expect(typeof cjs.createStorefrontClient).toBe('function');
    const esm = await import(join(dist, 'index.js'));
    expect(Object.keys(esm.ROUTES)).toContain('auth.login');
  });

  it('declarations import nothing from the server; the main one not even tRPC', () => {
    const declarations = readdirSync(dist).filter((f) => /\.d\.c?ts$/.test(f));
    expect(declarations.length).toBeGreaterThanOrEqual(4);
    for (const file of declarations) {
      const text = readFileSync(join(dist, file), 'utf8');
      const imports = [...text.matchAll(/(?:from|import\()\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
      for (const source of imports) {
        expect(source, `${file} imports ${source}`).toMatch(
          /^(\.\/|@trpc\/(client|server)(\/rpc)?$)/,
        );
      }
      expect(text).not.toMatch(/@storefront\/(?!client-sdk)/);
      if (!file.startsWith('admin')) expect(text).not.toContain('@trpc/');
    }
    const index = readFileSync(join(dist, 'index.d.ts'), 'utf8');
    const chunks = declarations.map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');
    expect(index).toContain('createStorefrontClient');
    // The procedure types are in the declarations, in full.
    expect(chunks).toMatch(/'auth\.login': \{\s*type: 'mutation';\s*input: \{\s*email: string;/);
  });
});
