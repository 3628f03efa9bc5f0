import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const manifest = (path: string) =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as {
    dependencies: Record<string, string>;
  };

/**
 * dist/main.js bundles the workspace packages but leaves npm packages external, so node resolves
 * them from apps/api: every runtime dependency of a bundled package must be one of ours too
 * (a missing one only shows when the built server starts).
 */
describe('the production bundle', () => {
  it('declares every runtime dependency of the workspace packages it bundles', () => {
    const api = manifest('../package.json').dependencies;
    for (const bundled of [
      '../../../packages/routers/package.json',
      '../../../packages/db/package.json',
    ]) {
      for (const [name, version] of Object.entries(manifest(bundled).dependencies)) {
        if (name.startsWith('@storefront/')) continue;
        expect(api[name], `${name} (needed by ${bundled})`).toBe(version);
      }
    }
  });
});
