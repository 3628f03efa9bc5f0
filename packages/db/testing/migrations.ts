import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/client';
import { defaultMigrationsFolder } from '../src/migrate';
import { withDatabase } from './global-setup';

const template = inject('testDatabase');

/*
 * What the tests of one migration share: the migrations folder cut just before it, and an
 * empty database of the test run's kind to apply the two to, one after the other.
 */

/** The migrations folder as it was before `TAG`: the journal cut just before it. */
export function foldersAround(tag: string): { before: string; cleanup: () => void } {
  const before = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(defaultMigrationsFolder, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { before, cleanup: () => rmSync(before, { recursive: true, force: true }) };
}

export async function openEmpty(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (template.kind === 'pglite') return { handle: await openPglite(), drop: async () => {} };
  const name = `${template.prefix}_mig_${randomBytes(4).toString('hex')}`;
  const admin = postgres(template.serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = withDatabase(template.serverUrl, name);
  return {
    handle: { ...openPostgres({ url, maxConnections: 2 }), url },
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
