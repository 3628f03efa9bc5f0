import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds dist/ once per test run with tsup alone: the bundle tests check what would be
 * published. The route generator is not run here, so the staleness test still sees the
 * committed generated files.
 */
export default function buildOnce() {
  const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
  const tsup = createRequire(join(packageDir, 'package.json')).resolve('tsup/dist/cli-default.js');
  execFileSync(process.execPath, [tsup, '--silent'], { cwd: packageDir, stdio: 'inherit' });
}
