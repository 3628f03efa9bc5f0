import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AVATAR_MAX_BYTES } from '@storefront/routers';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env';

/*
 * There is no Docker engine where the tests run, so the image is not built here; these checks
 * keep Dockerfile, compose.yaml and deploy/nginx.conf in step with what the tests do run.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
const nginx = read('deploy/nginx.conf');
const manifest = (path: string) =>
  JSON.parse(read(path)) as { packageManager?: string; scripts?: Record<string, string> };

/** The `RUN` instructions of the Dockerfile, in order. */
const runs = [...dockerfile.matchAll(/^RUN (.+)$/gm)].map((m) => m[1]);

describe('Dockerfile', () => {
  it('uses the pnpm of packageManager and the install CI runs', () => {
    const pnpm = manifest('package.json').packageManager;
    expect(runs).toContain(`corepack enable && corepack prepare ${pnpm} --activate`);
    expect(runs).toContain('pnpm install --frozen-lockfile');
  });

  it('builds with the API build script the way `pnpm start` does, and runs what it built', () => {
    const scripts = manifest('apps/api/package.json').scripts ?? {};
    // `pnpm start` = the build script (quietly), then node, with its flags, on dist/main.js.
    const start = /^(.+) --silent && node ((?:--\S+ )*)dist\/main\.js$/.exec(scripts.start ?? '');
    expect(start?.[1]).toBe(scripts.build);
    const flags = (start?.[2] ?? '').trim().split(' ').filter(Boolean);
    expect(runs).toContain('pnpm --filter @storefront/api build');
    // …after the admin panel's build, as the root `pnpm start` does; the image serves it.
    expect(manifest('package.json').scripts?.start).toBe(
      'pnpm --filter @storefront/admin build && pnpm --filter @storefront/api start',
    );
    expect(runs).toContain('pnpm --filter @storefront/admin build');
    expect(dockerfile).toContain('COPY --from=build /app/apps/admin/dist ./apps/admin/dist');
    // The image runs it with the same node flags (memory settings measured by `pnpm bench`).
    expect(dockerfile).toContain(
      `CMD ${JSON.stringify(['node', ...flags, 'apps/api/dist/main.js']).replaceAll(',', ', ')}`,
    );
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/health/m);
  });

  it('builds the job workers beside the API and runs them as `pnpm start:workers` does', () => {
    const scripts = manifest('apps/api/package.json').scripts ?? {};
    const flags = /node ((?:--\S+ )*)dist\/main\.js$/.exec(scripts.start ?? '')?.[1] ?? '';
    // Its own output folder: starting the workers never cleans dist/ under a running API.
    expect(scripts['start:workers']).toBe(
      `${scripts.build} --silent --out-dir dist-workers && node ${flags}dist-workers/workers.js`,
    );
    expect(manifest('package.json').scripts?.['start:workers']).toBe(
      'pnpm --filter @storefront/api start:workers',
    );
    expect(read('apps/api/tsup.config.ts')).toContain(
      "entry: { main: 'src/main.ts', workers: 'src/workers.ts' }",
    );
    const command = ['node', ...flags.trim().split(' '), 'apps/api/dist/workers.js'];
    const workers = compose.slice(compose.indexOf('\n  workers:'), compose.indexOf('\n  proxy:'));
    expect(workers).toContain('<<: *api');
    // The formatter may fold the list onto its own line: compared with whitespace collapsed.
    expect(workers.replace(/\s+/g, ' ')).toContain(
      `command: ${JSON.stringify(command).replaceAll(',', ', ')}`,
    );
    expect(dockerfile).toContain('apps/api/dist/workers.js');
  });

  it('copies every workspace manifest before the install (a frozen install needs them all)', () => {
    const workspaces = ['apps', 'packages'].flatMap((dir) =>
      readdirSync(join(ROOT, dir)).map((name) => `${dir}/${name}`),
    );
    for (const workspace of workspaces) {
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ./${workspace}/`);
    }
  });
});

describe('README.md', () => {
  it('names only root scripts that exist in its `npx -y pnpm@…` commands', () => {
    const pnpm = manifest('package.json').packageManager;
    const scripts = manifest('package.json').scripts ?? {};
    const named = [...read('README.md').matchAll(new RegExp(`npx -y ${pnpm} ([a-z:-]+)`, 'g'))]
      .map((m) => m[1] ?? '')
      .filter((name) => name !== 'install');
    expect(named).toContain('start:workers');
    for (const name of named) expect(scripts[name], name).toBeDefined();
  });
});

describe('compose.yaml and deploy/nginx.conf', () => {
  const apiServices = [...compose.matchAll(/^ {2}(api-\d+): \*api$/gm)].map((m) => m[1]);

  it('runs two API instances, each one an upstream of nginx', () => {
    expect(apiServices).toEqual(['api-1', 'api-2']);
    const upstreams = [...nginx.matchAll(/^\s+server (api-\d+):8000 /gm)].map((m) => m[1]);
    expect(upstreams).toEqual(apiServices);
  });

  it('gives the instances an environment env.ts accepts: production, shared Redis, one proxy hop', () => {
    const block = compose.slice(compose.indexOf('x-api:'), compose.indexOf('services:'));
    const environment = block.slice(block.indexOf('environment:'), block.indexOf('volumes:'));
    const variables = Object.fromEntries(
      [...environment.matchAll(/^ {4}([A-Z_]+): (.+)$/gm)].map(([, name, value]) => [
        name,
        (value ?? '')
          .replace(/^"(.*)"$/, '$1')
          .replace(/\$\{[A-Z_]+:-([^}]*)\}/, '$1')
          .replace(/\$\{[A-Z_]+:\?[^}]*\}/, 'from-the-deployment'),
      ]),
    ) as Record<string, string>;
    const env = loadEnv(variables);
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      TRUST_PROXY_HOPS: 1,
      RAZORPAY_KEY_ID: 'from-the-deployment',
      RAZORPAY_KEY_SECRET: 'from-the-deployment',
      DATA_DIR: '/data',
      // The API instances only enqueue; compose's `workers` service runs the jobs.
      JOBS_ENABLED: false,
    });
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(compose).toContain('- uploads:/data/uploads');
  });

  it('lets an avatar at the limit through nginx, so the API answers an oversized one', () => {
    const [, megabytes] = nginx.match(/client_max_body_size (\d+)m;/) ?? [];
    const limit = Number(megabytes) * 1024 * 1024;
    expect(limit).toBeGreaterThan(AVATAR_MAX_BYTES);
    expect(limit).toBeLessThanOrEqual(AVATAR_MAX_BYTES + 1024 * 1024);
  });
});
