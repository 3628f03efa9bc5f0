#!/usr/bin/env node
// Sums the vitest JSON reports of every workspace package into one closing line
// ("Tests: N passed, N failed") and fails when a test failed or none ran.
// `--clean` removes old reports first so a stale file can never be counted.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = ['apps', 'packages'].flatMap((group) =>
  existsSync(join(root, group))
    ? readdirSync(join(root, group)).map((name) =>
        join(root, group, name, '.vitest', 'report.json'),
      )
    : [],
);

if (process.argv.includes('--clean')) {
  for (const file of reports) rmSync(file, { force: true });
  process.exit(0);
}

let passed = 0;
let failed = 0;
let skipped = 0;
// Skipped tests by the describe block that skipped them: its title says what it needs
// ("… (needs DATABASE_URL)"), so the run tells why instead of only how many.
const skippedGroups = new Map();
// Seconds per test file: the CI run (.ci/run, both databases) has a 30-minute budget, and this
// says where it goes.
const fileSeconds = [];
for (const file of reports.filter((f) => existsSync(f))) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    if (suite.startTime && suite.endTime) {
      fileSeconds.push([suite.name.slice(root.length), (suite.endTime - suite.startTime) / 1000]);
    }
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'pending' && test.status !== 'skipped' && test.status !== 'todo')
        continue;
      const group = test.ancestorTitles?.[0] || test.title;
      skippedGroups.set(group, (skippedGroups.get(group) ?? 0) + 1);
    }
  }
}
if (skippedGroups.size > 0) {
  console.log('Skipped here, and why:');
  for (const [group, count] of skippedGroups) console.log(`  ${count} × ${group}`);
}
if (fileSeconds.length > 0) {
  console.log('Slowest test files:');
  for (const [name, seconds] of fileSeconds.sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`);
  }
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
