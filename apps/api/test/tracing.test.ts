import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { DatabaseHandle } from '@storefront/db/client';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tracing } from '../src/observability/tracing';
import type { TestApp } from './harness';
import { type LocalServer, listenLocally, readBody } from './support/local-server';
import { type ServerProcess, startServer } from './support/server-process';

/*
 * Tracing patches `http` and `express` as they load, so this file imports the harness (and with
 * it Express and the app) only after starting the SDK, as main.ts does.
 */
const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let t: TestApp;
let database: DatabaseHandle;
let dataDir: string | undefined;
const logLines: { msg: string; trace_id?: string; req?: { url: string } }[] = [];

/** The app's database with the tracer on its driver: PostgreSQL, or the embedded server. */
async function openTracedDatabase(tracer: Tracing['tracer']): Promise<DatabaseHandle> {
  const { openEmbedded, openPostgres } = await import('@storefront/db/client');
  const { openTestDatabase } = await import('@storefront/db/testing');
  const { runMigrations } = await import('@storefront/db/migrate');
  const template = await openTestDatabase();
  if (template.url) {
    await template.close();
    return openPostgres({ url: template.url, maxConnections: 5, tracer });
  }
  await template.close();
  dataDir = mkdtempSync(join(tmpdir(), 'sf-traced-'));
  const handle = await openEmbedded({ dataDir, tracer });
  await runMigrations(handle);
  return handle;
}

beforeAll(async () => {
  const { startTracing } = await import('../src/observability/tracing');
  tracing = startTracing({ exporter, version: 'test' });
  // Vitest loads packages through its own module runner, past the ESM hook main.ts relies on
  // (under node, `import('express')` after startTracing is patched): require it once, which
  // the instrumentation's require hook sees and patches; the app's import is the same object.
  createRequire(import.meta.url)('express');
  database = await openTracedDatabase(tracing.tracer);
  const { createTestApp } = await import('./harness');
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => logLines.push(JSON.parse(line)) },
  );
  t = await createTestApp({ database, tracer: tracing.tracer, logger });
});
afterAll(async () => {
  await t?.close();
  await tracing?.shutdown();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const childrenOf = (spans: ReadableSpan[], parent: ReadableSpan) =>
  spans.filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);

describe('traces (OpenTelemetry)', () => {
  it('one request: an HTTP server span, a procedure span under it, its queries under that', async () => {
    exporter.reset();
    const { baseUrl, close } = await t.listen();
    try {
      const res = await fetch(`${baseUrl}/api/v1/products`);
      expect(res.status).toBe(200);
    } finally {
      await close();
    }
    const spans = await vi.waitFor(() => {
      const finished = exporter.getFinishedSpans();
      const server = finished.find((span) => span.kind === SpanKind.SERVER);
      if (!server) throw new Error('no server span yet');
      return finished.filter((span) => span.spanContext().traceId === server.spanContext().traceId);
    });
    const server = spans.find((span) => span.kind === SpanKind.SERVER) as ReadableSpan;
    expect(server.attributes['http.route'] ?? server.name).toBeDefined();
    const procedure = spans.find((span) => span.name === 'trpc products.list');
    expect(procedure, spans.map((span) => span.name).join(', ')).toBeDefined();
    // The procedure span sits inside the request (directly, or under Express's middleware span).
    let ancestor: ReadableSpan | undefined = procedure;
    const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
    while (ancestor && ancestor !== server) {
      ancestor = byId.get(ancestor.parentSpanContext?.spanId ?? '');
    }
    expect(ancestor).toBe(server);
    const queries = childrenOf(spans, procedure as ReadableSpan).filter(
      (span) => span.kind === SpanKind.CLIENT,
    );
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.name).toMatch(/^db [A-Z]+$/);
      expect(query.attributes['db.system.name']).toBe('postgresql');
      expect(String(query.attributes['db.query.text'])).toMatch(
        /^(select|insert|update|delete|with)\b/i,
      );
    }
    expect(spans.some((span) => span.instrumentationScope.name.includes('express'))).toBe(true);
  });

  it("puts the request's trace id in its log line", async () => {
    exporter.reset();
    const { baseUrl, close } = await t.listen();
    try {
      expect((await fetch(`${baseUrl}/api/v1/no-such-route`)).status).toBe(404);
    } finally {
      await close();
    }
    const server = await vi.waitFor(() => {
      const found = exporter.getFinishedSpans().find((span) => span.kind === SpanKind.SERVER);
      if (!found) throw new Error('no server span yet');
      return found;
    });
    const line = logLines.find((entry) => entry.req?.url === '/api/v1/no-such-route');
    expect(line?.trace_id).toBe(server.spanContext().traceId);
  });
});

describe('the server process with OTEL_EXPORTER_OTLP_ENDPOINT (main.ts)', () => {
  let server: ServerProcess | undefined;
  let collector: LocalServer | undefined;
  let serverDir: string | undefined;
  afterAll(async () => {
    server?.kill();
    await server?.exited;
    await collector?.close();
    if (serverDir) rmSync(serverDir, { recursive: true, force: true });
  });

  it('exports the request’s spans over OTLP http/protobuf, Express’s and the queries’ included', async () => {
    const exports: { path: string; contentType: string; body: Buffer }[] = [];
    collector = await listenLocally(async (req, res) => {
      exports.push({
        path: req.url ?? '',
        contentType: String(req.headers['content-type']),
        body: await readBody(req),
      });
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
    serverDir = mkdtempSync(join(tmpdir(), 'sf-otlp-'));
    server = await startServer({
      DATA_DIR: serverDir,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // The SDK's own batching setting (not the app's): export within a fraction of a second.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    expect((await fetch(`${server.url}/api/v1/products`)).status).toBe(200);
    const sent = await vi.waitFor(
      () => {
        const all = Buffer.concat(exports.map((entry) => entry.body)).toString('latin1');
        if (!all.includes('trpc products.list')) throw new Error('no procedure span exported yet');
        return all;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(exports.every((entry) => entry.path === '/v1/traces')).toBe(true);
    expect(exports[0]?.contentType).toBe('application/x-protobuf');
    // Span and scope names travel as plain strings inside the protobuf.
    expect(sent).toContain('storefront-api');
    expect(sent).toContain('@opentelemetry/instrumentation-http');
    expect(sent).toContain('@opentelemetry/instrumentation-express');
    expect(sent).toContain('db SELECT');
  });
});
