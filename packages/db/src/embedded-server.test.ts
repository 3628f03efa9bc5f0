import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbedded } from './client';
import { DataDirLockedError } from './data-dir-lock';
import { socketPathOf } from './embedded-server';
import { createJobBoss } from './jobs';
import { runMigrations } from './migrate';

const dataDir = mkdtempSync(join(tmpdir(), 'sf-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database in its worker thread', () => {
  it('migrates, serves concurrent transactions one at a time and keeps its data across restarts', async () => {
    const first = await openEmbedded({ dataDir, maxConnections: 5 });
    const sql = first.sql as postgres.Sql;
    try {
      await runMigrations(first);
      await sql`create table counters (id int primary key, n int not null)`;
      await sql`insert into counters values (1, 0)`;
      // 40 read-modify-write transactions from 5 connections: PGlite has one session, so the
      // server must keep each transaction's statements together or increments are lost.
      await Promise.all(
        Array.from({ length: 40 }, () =>
          sql.begin(async (tx) => {
            const [row] = await tx<{ n: number }[]>`select n from counters where id = 1`;
            await tx`update counters set n = ${(row?.n ?? 0) + 1} where id = 1`;
          }),
        ),
      );
      // A failed transaction is rolled back and leaves the session usable.
      await expect(
        sql.begin(async (tx) => {
          await tx`update counters set n = n + 100 where id = 1`;
          await tx`select 1 / 0`;
        }),
      ).rejects.toThrow(/division by zero/);
      expect((await sql<{ n: number }[]>`select n from counters where id = 1`)[0]?.n).toBe(40);
    } finally {
      await first.close();
    }

    const second = await openEmbedded({ dataDir, maxConnections: 2 });
    try {
      const rows = await (second.sql as postgres.Sql)<{ n: number }[]>`select n from counters`;
      expect(rows).toEqual([{ n: 40 }]);
      const tables = await (second.sql as postgres.Sql)`
        select 1 from information_schema.tables where table_name = 'products'`;
      expect(tables).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("keeps each connection's statements apart: every query gets its own answer", async () => {
    const handle = await openEmbedded({ dataDir, maxConnections: 2 });
    // Unnamed statements and portals belong to PGlite's one session: the server must not run
    // one connection's Bind between another's Parse and Execute.
    const unprepared = postgres(handle.url ?? '', {
      max: 8,
      prepare: false,
      path: socketPathOf(handle.url ?? '') ?? '',
      onnotice: () => {},
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 400 }, async (_, i) => {
          // A different text per query: a statement bound to another's parameters shows.
          const client = i % 2 ? unprepared : (handle.sql as postgres.Sql);
          const rows = await client.unsafe(`select $1::text as v, ${i} as n`, [`answer ${i}`]);
          return `${rows[0]?.v} = ${rows[0]?.n}`;
        }),
      );
      expect(answers).toEqual(Array.from({ length: 400 }, (_, i) => `answer ${i} = ${i}`));
    } finally {
      await unprepared.end();
      await handle.close();
    }
  });

  it('keeps the event loop turning while a long query runs', async () => {
    const handle = await openEmbedded({ dataDir, maxConnections: 2 });
    try {
      let turns = 0;
      const ticker = setInterval(() => turns++, 5);
      await (handle.sql as postgres.Sql)`select count(*) from generate_series(1, 3000000)`;
      clearInterval(ticker);
      // On the event loop's thread PGlite would block every turn until the query ended.
      expect(turns).toBeGreaterThan(2);
      // On Linux the database's thread yields to the API's: one thread of this process runs
      // at nice 10 (field 19 of /proc/<pid>/task/<tid>/stat).
      if (existsSync('/proc/self/task')) {
        const niceness = readdirSync('/proc/self/task').map(
          (tid) =>
            readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16],
        );
        expect(niceness).toContain('10');
      }
    } finally {
      await handle.close();
    }
  });

  it('listens on a socket only its user can reach, removed with the lock on close', async () => {
    const handle = await openEmbedded({ dataDir, maxConnections: 2 });
    const socketDir = new URL(handle.url ?? '').searchParams.get('host') ?? '';
    try {
      expect(statSync(socketDir).mode & 0o777).toBe(0o700);
      expect(existsSync(join(socketDir, '.s.PGSQL.5432'))).toBe(true);
      // A second process on the same data directory is refused while this one holds it.
      await expect(openEmbedded({ dataDir, maxConnections: 2 })).rejects.toBeInstanceOf(
        DataDirLockedError,
      );
    } finally {
      await handle.close();
    }
    expect(existsSync(socketDir)).toBe(false);
    expect(existsSync(join(dataDir, 'storefront.lock'))).toBe(false);
    expect(dirname(socketDir)).toBe(tmpdir());
  });

  it('runs the job queue through the same socket', async () => {
    const handle = await openEmbedded({ dataDir, maxConnections: 2 });
    const boss = createJobBoss(handle);
    try {
      await boss.start();
      await boss.createQueue('embedded-check');
      const id = await boss.send('embedded-check', { n: 1 });
      const [job] = await boss.fetch<{ n: number }>('embedded-check');
      expect(job?.id).toBe(id);
      expect(job?.data).toEqual({ n: 1 });
    } finally {
      await boss.stop({ graceful: false });
      await handle.close();
    }
  });
});
