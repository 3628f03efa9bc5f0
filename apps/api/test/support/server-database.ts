import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withDatabase } from '@storefront/db/testing/global-setup';
import postgres from 'postgres';
import { afterAll, inject } from 'vitest';

/**
 * Databases of their own for real server processes (support/server-process.ts): a data
 * directory, and on PostgreSQL (when the suite runs there) an empty database beside the test
 * template. `cleanups` runs after the file's tests, last registered first: servers registered
 * after their database stop before it is dropped.
 */
export function serverDatabases(label: string) {
  const template = inject('testDatabase');
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** `env` to start a server with, and its data directory (mail outbox, files). */
  async function fresh(): Promise<{ env: Record<string, string>; dataDir: string }> {
    const dataDir = mkdtempSync(join(tmpdir(), `sf-${label}-`));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    if (template.kind !== 'postgres') return { env: { DATA_DIR: dataDir }, dataDir };
    const name = `${template.prefix}_${label.replaceAll('-', '_')}_${randomBytes(4).toString('hex')}`;
    const admin = postgres(template.serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    cleanups.push(async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    });
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: withDatabase(template.serverUrl, name) },
      dataDir,
    };
  }

  return { template, cleanups, fresh };
}
