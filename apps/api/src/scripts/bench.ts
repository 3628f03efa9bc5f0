import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '@storefront/db/client';
import { runMigrations } from '@storefront/db/migrate';
import { seedBulk } from '@storefront/db/seed/bulk';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { childProcessEnv, loadEnv } from '../env';

/**
 * `pnpm bench`: the built API (`dist/main.js`, rebuilt first) on PostgreSQL with the bulk
 * catalogue (10k products; search again at 100k) under autocannon, 50 connections, ~10 s per
 * endpoint, beside a bare express + postgres.js server answering the same list query (same pool
 * size, both plain `node`, both with keep-alive and no pipelining). Prints figures and targets;
 * asserts nothing.
 * Uses a fresh database `sf_bench_<random>` (dropped at the end) on DATABASE_URL's server,
 * or postgres://postgres@127.0.0.1:5432 when unset.
 */
const CONNECTIONS = 50;
const SECONDS = 10;
const apiDir = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** Peak resident set size of a process, from Linux's /proc (VmHWM), in MB. */
function peakRssMb(pid: number | undefined): string {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
    return line ? `${(Number(line[1]) / 1024).toFixed(0)} MB` : 'n/a';
  } catch {
    return 'n/a';
  }
}

async function start(args: string[], env: NodeJS.ProcessEnv, readyUrl: string) {
  const child = spawn(process.execPath, args, {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(readyUrl, child);
  return child;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p90: number;
  p95: number;
  p97_5: number;
  p99: number;
  errors: number;
  rss: string;
  target: string;
}

/** Nearest-rank percentile of sorted latencies (autocannon's summary has no p95). */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return Math.round(sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0);
}

async function load(name: string, url: string, pid: number | undefined, target = '') {
  // Every 2xx response time (ms), as autocannon's own histogram records them, for the p95 its
  // summary lacks.
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: SECONDS },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  const errors = result.errors + result.non2xx + result.timeouts;
  const row: Row = {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p95: percentile(latencies, 95),
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors,
    rss: peakRssMb(pid),
    target,
  };
  console.log(
    `${name.padEnd(30)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p90 ${row.p90} ms  p95 ${row.p95} ms  p97.5 ${row.p97_5} ms  p99 ${row.p99} ms  errors ${errors}  peak RSS ${row.rss}${target ? `  [target: ${target}]` : ''}`,
  );
  return row;
}

async function main(): Promise<void> {
  const env = loadEnv();
  const serverUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `sf_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const children: ChildProcess[] = [];
  try {
    // Seeding (search terms, vacuum analyze over 100k products) outlasts a request's bound.
    const handle = openPostgres({ url, maxConnections: 4, queryTimeoutMs: 0 });
    await runMigrations(handle);
    console.log(`Seeding 10,000 products into ${name}...`);
    await seedBulk(handle.db, { products: 10_000 });

    console.log('Building the API (dist/main.js)...');
    execFileSync('pnpm', ['exec', 'tsup', '--silent'], { cwd: apiDir, stdio: 'inherit' });

    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api/v1`;
    const api = await start(
      ['dist/main.js'],
      childProcessEnv({
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      }),
      `http://127.0.0.1:${port}/ready`,
    );
    children.push(api);
    const probe = postgres(url, { max: 1 });
    const [product] =
      await probe`select id from products where active order by id limit 1 offset 500`;
    const [category] =
      await probe`select id from categories where parent_id is not null order by id limit 1`;
    await probe.end();
    const ids = { product: product?.id as number, category: category?.id as number };

    const barePort = await freePort();
    const bare = await start(
      ['--import', 'tsx', 'src/scripts/bench-bare.ts', url, String(barePort)],
      childProcessEnv(),
      `http://127.0.0.1:${barePort}/api/v1/products`,
    );
    children.push(bare);

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per endpoint, 10,000 products`);
    const bareList = await load(
      'bare express list',
      `http://127.0.0.1:${barePort}/api/v1/products`,
      bare.pid,
    );
    const list = await load(
      'product list',
      `${base}/products`,
      api.pid,
      '≥ 0.8× bare rps, p99 ≤ 50 ms',
    );
    await load('product detail', `${base}/products/${ids.product}`, api.pid);
    await load('category products', `${base}/categories/${ids.category}/products`, api.pid);
    const search10k = await load('search (10k)', `${base}/search?q=wireless%20headphones`, api.pid);
    await load('search typo (10k)', `${base}/search?q=hedphones`, api.pid);
    await load('suggestions', `${base}/search/suggestions?q=hea`, api.pid);

    console.log('\nSeeding 90,000 more products (100,000 in all)...');
    await seedBulk(handle.db, { products: 90_000 });
    await handle.close();
    const search100k = await load(
      'search (100k)',
      `${base}/search?q=wireless%20headphones`,
      api.pid,
      'p95 ≤ 30 ms, ≤ 1.5× the 10k latency',
    );
    await load('search typo (100k)', `${base}/search?q=hedphones`, api.pid);

    console.log('\nSummary');
    console.log(
      `  list ours/bare rps: ${(list.rps / bareList.rps).toFixed(2)} (target ≥ 0.80); list p99 ${list.p99} ms (target ≤ 50 ms)`,
    );
    console.log(
      `  search p95 at 100k: ${search100k.p95} ms (target ≤ 30 ms); 100k/10k p50 ratio ${(search100k.p50 / Math.max(1, search10k.p50)).toFixed(2)}, p95 ratio ${(search100k.p95 / Math.max(1, search10k.p95)).toFixed(2)} (target ≤ 1.5)`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
