import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as schema from '@storefront/db/schema';
import { is } from 'drizzle-orm';
import { PgSequence, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the package's test/ folder, which the glob '../*/*' takes for a slice
import * as importGraph from '../test/import-boundaries';
// biome-ignore lint/style/noRestrictedImports: the package's test/ folder, as above
import * as tableOwnership from '../test/table-ownership';
import { tableOwners } from './table-owners';

/*
 * The rule "another slice only through its index.ts" (docs/architecture.md, "Slices") is checked
 * twice: by the linter (biome.json, noRestrictedImports patterns), which matches specifiers as
 * written, and by the import-graph check (test/import-boundaries.ts), which resolves them. The
 * linter's tests plant an import in a file under a slice's path, lint that one file, and remove
 * it (biome reports nothing for stdin input).
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const features = fileURLToPath(new URL('./features/', import.meta.url));

/** The linter's verdict on `source` as the file `path` (from the repository root). */
function lint(path: string, source: string): { ok: boolean; output: string } {
  const planted = path.replace('/planted', `/planted-${process.pid}`);
  writeFileSync(`${repoRoot}${planted}`, source);
  try {
    const output = execFileSync('node_modules/.bin/biome', ['lint', '--colors=off', planted], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { ok: true, output };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  } finally {
    rmSync(`${repoRoot}${planted}`, { force: true });
  }
}

const importing = (names: string, from: string) =>
  `import { ${names} } from '${from}';\n\nexport const used = [${names}];\n`;

describe('slice boundaries (the linter)', () => {
  it('refuses a slice importing another slice’s inner file, naming the rule', () => {
    const planted = lint(
      'packages/routers/src/features/wishlist/planted.ts',
      importing('takeStock', '../catalog/stock.steps'),
    );
    expect(planted.ok).toBe(false);
    expect(planted.output).toContain('noRestrictedImports');
    expect(planted.output).toContain('public index.ts');
  });

  it('refuses it in repositories and tests too, and from the package’s root files', () => {
    for (const [path, from] of [
      [
        'packages/routers/src/features/reviews/planted.repository.ts',
        '../catalog/catalog.repository',
      ],
      ['packages/routers/src/features/mail/planted.test.ts', '../orders/order.dto'],
      ['packages/routers/src/planted.ts', './features/catalog/stock.steps'],
    ] as const) {
      expect(lint(path, importing('x', from)).ok, `${path} importing ${from}`).toBe(false);
    }
  });

  it('allows a slice’s index, the slice’s own files and the shared root files', () => {
    for (const [path, from] of [
      ['packages/routers/src/features/wishlist/planted.ts', '../catalog'],
      ['packages/routers/src/features/wishlist/planted.ts', './wishlist.repository'],
      ['packages/routers/src/features/wishlist/planted.ts', '../../envelope'],
      ['packages/routers/src/planted.ts', './features/catalog'],
    ] as const) {
      const verdict = lint(path, importing('x', from));
      expect(verdict.ok, `${path} importing ${from}: ${verdict.output}`).toBe(true);
    }
  });

  it('every slice has its public file, and the package exports no slice internals', () => {
    const slices = readdirSync(features, { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    for (const slice of slices) {
      expect(readdirSync(`${features}${slice.name}`), slice.name).toContain('index.ts');
    }
    const manifest = JSON.parse(readFileSync(`${repoRoot}packages/routers/package.json`, 'utf8'));
    expect(Object.keys(manifest.exports).filter((key) => key.includes('features'))).toEqual([]);
  });
});

describe('slice boundaries (the import graph)', () => {
  const exported = importGraph.routersExportsOf(repoRoot);
  const check = (path: string, source: string) =>
    importGraph.checkSource(path, source, exported).map(importGraph.describeViolation);

  /** The five shapes the linter let through, each reaching catalog/stock.steps. */
  const holes = [
    [
      'a path up to features/ and back down',
      'packages/routers/src/features/wishlist/planted.ts',
      importing('takeStock', '../../features/catalog/stock.steps'),
    ],
    [
      "a '.' segment inside the path",
      'packages/routers/src/features/wishlist/planted.ts',
      importing('takeStock', '.././catalog/stock.steps'),
    ],
    [
      "a type query, typeof import('…')",
      'packages/routers/src/features/wishlist/planted.ts',
      "export type Steps = typeof import('../catalog/stock.steps');\n",
    ],
    [
      'a relative path from apps/api into a slice file',
      'apps/api/src/planted.ts',
      importing('takeStock', '../../../packages/routers/src/features/catalog/stock.steps'),
    ],
    [
      'the routers package’s test/ folder',
      'packages/routers/test/planted.ts',
      importing('takeStock', '../src/features/catalog/stock.steps'),
    ],
  ] as const;

  it('the tree has no import across a boundary', () => {
    expect(importGraph.checkImportBoundaries(repoRoot).map(importGraph.describeViolation)).toEqual(
      [],
    );
  });

  it.each(holes)('refuses %s', (_shape, path, source) => {
    expect(check(path, source)).toEqual([
      expect.stringMatching(/^\S+:1 '[^']*stock\.steps': .*(index\.ts|package\.json exports)/),
    ]);
  });

  it('finds each of them planted in the real tree (every folder is scanned)', () => {
    const planted = holes.map(([, path, source], index) => {
      const file = path.replace('/planted', `/planted-${process.pid}-${index}`);
      writeFileSync(`${repoRoot}${file}`, source);
      return file;
    });
    try {
      const found = importGraph.checkImportBoundaries(repoRoot).map((violation) => violation.file);
      expect(found.sort()).toEqual([...planted].sort());
    } finally {
      for (const file of planted) rmSync(`${repoRoot}${file}`, { force: true });
    }
  });

  it('refuses the other ways of naming a module', () => {
    for (const [path, source] of [
      ['packages/routers/src/planted.ts', "export * from './features/catalog/./stock.steps';\n"],
      [
        'packages/routers/src/features/mail/planted.test.ts',
        "vi.mock('../orders/order.dto');\nexport const load = () => import('../orders/orders.service');\n",
      ],
      [
        'packages/routers/src/features/mail/planted.ts',
        "export type Dto = import('../orders/order.dto').OrderDto;\n",
      ],
      ['apps/api/test/planted.test.ts', importing('x', '../../../packages/routers/src/root')],
      ['apps/api/src/planted.ts', importing('x', '@storefront/routers/src/features/catalog')],
      ['apps/api/src/planted.ts', 'export const load = (name: string) => import(name);\n'],
    ] as const) {
      expect(check(path, source), `${path}: ${source}`).not.toEqual([]);
    }
    expect(
      check(
        'packages/routers/src/features/mail/planted.test.ts',
        "vi.mock('../orders/order.dto');\nexport const load = () => import('../orders/orders.service');\n",
      ),
    ).toHaveLength(2);
  });

  it('allows a slice’s index however it is spelled, the slice’s own files and the exports', () => {
    for (const [path, source] of [
      ['packages/routers/src/features/wishlist/planted.ts', importing('x', '../catalog')],
      ['packages/routers/src/features/wishlist/planted.ts', importing('x', '../catalog/index')],
      ['packages/routers/src/features/wishlist/planted.ts', importing('x', '.././catalog/')],
      [
        'packages/routers/src/features/wishlist/planted.ts',
        "export type Slice = typeof import('../../features/catalog/index.ts');\n",
      ],
      [
        'packages/routers/src/features/catalog/planted.ts',
        importing('x', '../catalog/stock.steps'),
      ],
      ['packages/routers/src/features/wishlist/planted.ts', importing('x', '../../envelope')],
      ['packages/routers/test/planted.ts', importing('x', '../src/features/catalog')],
      ['packages/routers/test/planted.ts', importing('x', '../src/services')],
      ['apps/api/src/planted.ts', importing('x', '@storefront/routers')],
      ['apps/api/src/planted.ts', importing('x', '@storefront/routers/root')],
    ] as const) {
      expect(check(path, source), `${path}: ${source}`).toEqual([]);
    }
  });
});

describe('leaf slices (the import graph)', () => {
  /**
   * Slices the rest of the shop builds on and that call nothing back (issue 36): payments parses
   * and stores the gateway's events and carries refunds out, checkout and orders decide what they
   * mean; the job port and retry policy they need are root modules (ports.ts, retry-policy.ts).
   * Mail renders other slices' data through ports of its own (mail.ports.ts).
   */
  const leaves = ['payments', 'jobs', 'mail'];

  it.each(leaves)('%s imports no other slice', (slice) => {
    expect([...(importGraph.sliceImports(repoRoot).get(slice) ?? [])]).toEqual([]);
  });

  it('finds a leaf’s import of another slice however it is spelled', () => {
    const file = `packages/routers/src/features/payments/planted-${process.pid}.ts`;
    writeFileSync(
      `${repoRoot}${file}`,
      "export type Steps = typeof import('../../features/checkout/./index');\n" +
        importing('enqueueMail', '.././mail'),
    );
    try {
      expect([...(importGraph.sliceImports(repoRoot).get('payments') ?? [])].sort()).toEqual([
        'checkout',
        'mail',
      ]);
    } finally {
      rmSync(`${repoRoot}${file}`, { force: true });
    }
  });
});

describe('slices form layers (the import graph has no cycle)', () => {
  /** A cycle among the slices' imports, as `a → b → … → a`; undefined when there is none. */
  function findCycle(edges: Map<string, Set<string>>): string | undefined {
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (slice: string): string | undefined => {
      if (state.get(slice) === 'done') return undefined;
      if (state.get(slice) === 'open') {
        return [...path.slice(path.indexOf(slice)), slice].join(' → ');
      }
      state.set(slice, 'open');
      path.push(slice);
      for (const next of [...(edges.get(slice) ?? [])].sort()) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
      path.pop();
      state.set(slice, 'done');
      return undefined;
    };
    for (const slice of [...edges.keys()].sort()) {
      const cycle = visit(slice);
      if (cycle) return cycle;
    }
    return undefined;
  }

  it('no slice imports, directly or through others, a slice that imports it', () => {
    expect(findCycle(importGraph.sliceImports(repoRoot))).toBeUndefined();
  });

  it('finds a cycle planted in the real tree (the cart naming checkout, which builds on it)', () => {
    const file = `packages/routers/src/features/cart/planted-${process.pid}.ts`;
    writeFileSync(`${repoRoot}${file}`, importing('checkoutRouter', '../checkout'));
    try {
      expect(findCycle(importGraph.sliceImports(repoRoot))).toMatch(/cart → .*checkout → .*cart/);
    } finally {
      rmSync(`${repoRoot}${file}`, { force: true });
    }
  });
});

describe('table ownership', () => {
  const check = (path: string, source: string) =>
    tableOwnership.checkTableOwnership(path, source).map(tableOwnership.describeReach);

  it('every table and sequence of the schema has one owner, a slice that exists', () => {
    const stored = Object.entries(schema)
      .filter(([, value]) => is(value, PgTable) || is(value, PgSequence))
      .map(([name]) => name)
      .sort();
    expect(Object.keys(tableOwners).sort()).toEqual(stored);
    const slices = readdirSync(features, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    for (const [table, owner] of Object.entries(tableOwners)) {
      expect(slices, `the owner of ${table}`).toContain(owner);
    }
  });

  it('no slice names another slice’s table', () => {
    expect(tableOwnership.findTableReaches(repoRoot).map(tableOwnership.describeReach)).toEqual([]);
  });

  it('refuses a reach however the table is imported', () => {
    const wishlist = 'packages/routers/src/features/wishlist/planted.repository.ts';
    for (const source of [
      "import { orders } from '@storefront/db/schema';\n",
      "import { wishlistItems, orders as placed } from '@storefront/db/schema';\n",
      "import type { orders } from '@storefront/db/schema';\n",
      "export { orders } from '@storefront/db/schema';\n",
      "export type Row = typeof import('@storefront/db/schema').orders.$inferSelect;\n",
    ]) {
      expect(check(wishlist, source), source).toEqual([
        expect.stringMatching(/planted\.repository\.ts:1 names 'orders', owned by orders$/),
      ]);
    }
    // The whole module names every table: refused, as it cannot be judged.
    for (const source of [
      "import * as schema from '@storefront/db/schema';\n",
      "export * from '@storefront/db/schema';\n",
      "export const load = () => import('@storefront/db/schema');\n",
    ]) {
      expect(check(wishlist, source), source).toHaveLength(1);
    }
  });

  it('refuses raw SQL naming another slice’s table by its SQL name', () => {
    const catalog = 'packages/routers/src/features/catalog/planted.repository.ts';
    expect(
      check(
        catalog,
        "import { sql } from 'drizzle-orm';\n\nexport const currency = sql`(select code from currencies where is_default)`;\n",
      ),
    ).toEqual([
      expect.stringMatching(
        /planted\.repository\.ts:3 names 'currencies', owned by store-settings$/,
      ),
    ]);
    // Its own tables, and words that only look like SQL, pass.
    expect(
      check(
        catalog,
        "import { sql } from 'drizzle-orm';\n\nexport const own = sql`select 1 from products`;\n",
      ),
    ).toEqual([]);
  });

  it('allows a slice its own tables, the schema’s other names, and tests any table', () => {
    for (const [path, source] of [
      [
        'packages/routers/src/features/wishlist/planted.repository.ts',
        "import { wishlistItems } from '@storefront/db/schema';\n",
      ],
      [
        'packages/routers/src/features/orders/planted.ts',
        "import { ORDER_STATUSES, type OrderStatusValue, orders } from '@storefront/db/schema';\n",
      ],
      [
        'packages/routers/src/features/wishlist/planted.test.ts',
        "import { orders } from '@storefront/db/schema';\n",
      ],
      ['packages/routers/src/planted.ts', "import { orders } from '@storefront/db/schema';\n"],
    ] as const) {
      expect(check(path, source), `${path}: ${source}`).toEqual([]);
    }
  });

  it('finds a reach planted in the real tree', () => {
    const planted = `packages/routers/src/features/notifications/planted-${process.pid}.repository.ts`;
    writeFileSync(
      `${repoRoot}${planted}`,
      "import { carts } from '@storefront/db/schema';\n\nexport const reach = carts;\n",
    );
    try {
      expect(
        tableOwnership.findTableReaches(repoRoot).filter((reach) => reach.file === planted),
      ).toEqual([{ file: planted, line: 1, table: 'carts', owner: 'cart' }]);
    } finally {
      rmSync(`${repoRoot}${planted}`, { force: true });
    }
  });
});

describe('file length', () => {
  const MAX_LINES = 400;
  /** Tests, test support, scripts and generated files are not held to the limit. */
  const exempt = /(\.test\.tsx?$|\.generated\.ts$|(^|\/)(test|testing|scripts)\/|^scripts\/)/;

  it(`no source file under apps/ or packages/ is longer than ${MAX_LINES} lines`, () => {
    const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const tooLong = importGraph
      .sourceFiles(repoRoot)
      .filter((file) => !exempt.test(file))
      .map((file) => ({ file, lines: lineCount(readFileSync(`${repoRoot}${file}`, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(tooLong).toEqual([]);
  });
});
