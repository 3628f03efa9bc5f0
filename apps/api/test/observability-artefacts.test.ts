import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMetricsApp } from '../src/http/metrics';
import { createTestApp, type TestApp } from './harness';
import { declaredMetricNames } from './support/prometheus-text';

/*
 * docs/grafana-dashboard.json and docs/prometheus-alerts.yml name metrics in PromQL; a renamed
 * or dropped metric would leave an empty panel or an alert that never fires. Every name they
 * use must be one the server exports.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The dashboard's PromQL, every panel's every target. */
function dashboardExpressions(): string[] {
  const dashboard = JSON.parse(read('docs/grafana-dashboard.json')) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  return dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
}

/** The alert rules' PromQL. */
function alertExpressions(): string[] {
  const rules = parse(read('docs/prometheus-alerts.yml')) as {
    groups: { rules: { alert: string; expr: string }[] }[];
  };
  return rules.groups.flatMap((group) => group.rules.map((rule) => rule.expr));
}

/** The series names an expression reads (functions, keywords and label names left out). */
function metricNamesIn(expr: string): string[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const withoutLabels = withoutStrings.replace(/\{[^}]*\}/g, '');
  const withoutGrouping = withoutLabels.replace(/\b(by|without)\s*\([^)]*\)/g, '');
  return [...withoutGrouping.matchAll(/\b([a-z_][a-z0-9_]*)\b(?!\s*\()/g)]
    .map((match) => match[1] as string)
    .filter((name) => name.includes('_') && !/^\$?__/.test(name));
}

let t: TestApp;
let exported: Map<string, string>;
beforeAll(async () => {
  t = await createTestApp({ metrics: true });
  const res = await supertest(createMetricsApp(t.metrics as NonNullable<TestApp['metrics']>)).get(
    '/metrics',
  );
  exported = declaredMetricNames(res.text);
});
afterAll(async () => {
  await t.close();
});

/** A series name the server exports: a metric, or a histogram's `_bucket`/`_sum`/`_count`. */
function isExported(name: string): boolean {
  if (exported.has(name)) return true;
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return base !== name && exported.get(base) === 'histogram';
}

describe('dashboard and alert rules', () => {
  it('read metrics (sanity: the parser finds names in both files)', () => {
    expect(dashboardExpressions().flatMap(metricNamesIn)).toContain(
      'storefront_http_request_duration_seconds_bucket',
    );
    expect(alertExpressions().flatMap(metricNamesIn)).toContain('storefront_db_pool_waiting');
  });

  it.each([
    ['docs/grafana-dashboard.json', dashboardExpressions],
    ['docs/prometheus-alerts.yml', alertExpressions],
  ])('%s uses only metric names the server exports', (_file, expressions) => {
    const unknown = expressions()
      .flatMap(metricNamesIn)
      .filter((name) => !isExported(name));
    expect(unknown).toEqual([]);
  });

  it('has the alerts docs/observability.md promises', () => {
    const rules = parse(read('docs/prometheus-alerts.yml')) as {
      groups: { rules: { alert: string }[] }[];
    };
    const alerts = rules.groups.flatMap((group) => group.rules.map((rule) => rule.alert));
    expect(alerts).toEqual(
      expect.arrayContaining([
        'StorefrontPaymentFailures',
        'StorefrontJobQueueGrowing',
        'StorefrontJobQueueStale',
        'StorefrontHigh5xxRate',
        'StorefrontDatabasePoolExhausted',
      ]),
    );
  });
});
