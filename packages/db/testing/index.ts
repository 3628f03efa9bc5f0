import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/client';

export type TestDatabaseTemplate =
  | { kind: 'pglite'; dumpPath: string }
  | { kind: 'postgres'; serverUrl: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

export interface TestDatabase extends DatabaseHandle {
  /** Connection URL when running on PostgreSQL (for tests that start a second client). */
  url?: string;
}

/** A migrated, empty database of its own for one test file. Close it in `afterAll`. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const template = inject('testDatabase');
  if (template.kind === 'pglite') {
    const dump = new Blob([readFileSync(template.dumpPath)]);
    return openPglite({ loadDataDir: dump });
  }
  const name = `${template.prefix}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(template.serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`);
  } finally {
    await admin.end();
  }
  const parsed = new URL(template.serverUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  return { ...openPostgres({ url, maxConnections: 5 }), url };
}
