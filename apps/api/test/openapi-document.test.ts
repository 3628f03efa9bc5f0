import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import supertest from 'supertest';
import type { OpenAPIObject } from 'trpc-to-openapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './harness';

const run = promisify(execFile);
const bin = (name: string) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: unknown; description?: string }[];
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: Record<string, unknown> }>;
  };
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }
  >;
}

let doc: OpenAPIObject;
let file: string;
const operations = () =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );
const operation = (method: string, path: string) =>
  (doc.paths as Record<string, Record<string, Operation>>)[path]?.[method] as Operation;
const errorCodes = (op: Operation, status: string) =>
  (
    (op.responses[status]?.content?.['application/json'] as { schema: unknown } | undefined)
      ?.schema as {
      allOf: [unknown, { properties: { error_code: { enum: string[] } } }];
    }
  )?.allOf[1].properties.error_code.enum;

beforeAll(async () => {
  const t = await createTestApp();
  doc = (await supertest(t.app).get('/api/v1/openapi.json')).body;
  file = join(mkdtempSync(join(tmpdir(), 'sf-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
});

describe('the OpenAPI document, linted by tools nobody here wrote', () => {
  it("Spectral's spectral:oas ruleset: no error, no warning", async () => {
    const ruleset = new URL('./support/spectral.yaml', import.meta.url).pathname;
    const { stdout } = await run(
      bin('spectral'),
      ['lint', file, '--ruleset', ruleset, '--format', 'json', '--quiet'],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout: string }) => error);
    const findings = JSON.parse(stdout || '[]') as { code: string; path: string[] }[];
    expect(findings.map((f) => `${f.code} at ${f.path.join('.')}`)).toEqual([]);
  }, 120_000);

  it("Redocly's recommended ruleset: no error, no warning", async () => {
    const result = await run(
      bin('redocly'),
      ['lint', file, '--extends', 'recommended', '--format', 'json'],
      {
        maxBuffer: 16 * 1024 * 1024,
        // Offline: no usage report, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout: string }) => error);
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);
});

describe('the OpenAPI document says what the server does', () => {
  it('gives every operation a tag from the described global list, a short summary and a description', () => {
    const tags = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const { name, operation: op } of operations()) {
      expect(op.summary, name).toMatch(/^[A-Z][^.]{2,40}$/);
      expect(op.description?.length ?? 0, name).toBeGreaterThan(30);
      for (const tag of op.tags ?? []) expect(tags.get(tag), `${name} tag ${tag}`).toBeTruthy();
    }
  });

  it('marks public operations security: [] and protected ones with the bearer scheme', () => {
    expect(operation('get', '/products').security).toEqual([]);
    expect(operation('post', '/auth/login').security).toEqual([]);
    expect(operation('get', '/cart').security).toEqual([{ Authorization: [] }]);
    for (const { name, operation: op } of operations()) expect(op.security, name).toBeDefined();
  });

  it('documents the checkout address bodies as oneOf, so an empty body fits none', () => {
    const billing = operation('post', '/checkout/billing-address').requestBody;
    const shipping = operation('post', '/checkout/shipping-address').requestBody;
    expect(billing?.required).toBe(true);
    const variants = (body: typeof billing) =>
      ((body?.content['application/json']?.schema.oneOf ?? []) as { required: string[] }[]).map(
        (variant) => variant.required,
      );
    expect(variants(shipping)).toEqual([
      ['address_id'],
      ['first_name', 'last_name', 'phone', 'address_line_1', 'city', 'postcode', 'country'],
    ]);
    expect(variants(billing)).toContainEqual(['same_as_shipping']);
  });

  it('needs no body for logout and refresh', () => {
    expect(operation('post', '/auth/logout').requestBody?.required).toBe(false);
    expect(operation('post', '/auth/refresh').requestBody?.required).toBe(false);
  });

  it('declares Retry-After on every 429', () => {
    const limited = operations().filter(({ operation: op }) => op.responses['429']);
    expect(limited.map((o) => o.name)).toEqual(
      expect.arrayContaining([
        'POST /auth/login',
        'POST /auth/register',
        'POST /auth/password/forgot',
      ]),
    );
    for (const { name, operation: op } of limited)
      expect(op.responses['429']?.headers?.['Retry-After'], name).toBeDefined();
  });

  it('lists exactly the error codes an operation can answer, per status', () => {
    const placeOrder = operation('post', '/checkout/place-order');
    expect(errorCodes(placeOrder, '409')).toEqual(['IDEMPOTENCY_CONFLICT']);
    expect(errorCodes(placeOrder, '422')).toEqual(
      expect.arrayContaining(['VALIDATION_ERROR', 'CART_EMPTY', 'OUT_OF_STOCK', 'PAYMENT_FAILED']),
    );
    // UNAUTHENTICATED: a `guest_token` that ended or was merged already.
    expect(errorCodes(operation('post', '/auth/login'), '401')).toEqual([
      'INVALID_CREDENTIALS',
      'UNAUTHENTICATED',
    ]);
    // ACCOUNT_REQUIRED: a guest session on an account-only operation.
    expect(errorCodes(operation('get', '/customer/wishlist'), '403')).toEqual([
      'FEATURE_DISABLED',
      'ACCOUNT_REQUIRED',
    ]);
    expect(errorCodes(operation('get', '/cart'), '403')).toBeUndefined();
    // The plain Express routes follow the same rule: account deletion refuses a guest.
    expect(errorCodes(operation('delete', '/auth/account'), '403')).toEqual(['ACCOUNT_REQUIRED']);
    // A public read without parameters cannot answer 401, 404 or 422.
    expect(
      Object.keys(operation('get', '/categories').responses).filter((s) => s < '500'),
    ).not.toContain('422');
    expect(operation('get', '/categories').responses['401']).toBeUndefined();
  });

  it('leaves out components nothing uses, and describes the invoice id like every other id', () => {
    const text = JSON.stringify(doc.paths);
    for (const name of Object.keys(doc.components?.schemas ?? {})) {
      expect(name).not.toMatch(/^error\./);
      const used =
        text.includes(`#/components/schemas/${name}"`) ||
        JSON.stringify(doc.components).split(`#/components/schemas/${name}"`).length > 1;
      expect(used, name).toBe(true);
    }
    const idOf = (path: string) => operation('get', path).parameters?.find((p) => p.name === 'id');
    expect(idOf('/customer/orders/{id}/invoice')).toEqual(idOf('/customer/orders/{id}'));
  });

  it('states the unit of gateway_order.amount, names key_id, and declares the export’s Content-Disposition', () => {
    const schemas = doc.components?.schemas as Record<
      string,
      { properties: Record<string, { description?: string }> }
    >;
    const gatewayOrder = schemas.GatewayOrder?.properties;
    expect(gatewayOrder?.amount?.description).toMatch(/major units/);
    expect(gatewayOrder?.key_id?.description).toBeTruthy();
    expect(operation('post', '/checkout/payment-method').description).toContain(
      '{ id, amount, currency, key_id }',
    );
    const exported = operation('get', '/customer/export');
    expect(exported.responses['200']?.headers?.['Content-Disposition']).toMatchObject({
      required: true,
      schema: { type: 'string' },
    });
    expect(exported.description).not.toContain('Content-Disposition:');
  });

  it("gives place-order's status and payment_status the order's own enums", () => {
    const schemas = doc.components?.schemas as Record<
      string,
      { properties: Record<string, unknown> }
    >;
    const placed = schemas.PlaceOrderResult?.properties;
    const order = schemas.Order?.properties;
    expect(placed?.status).toEqual({ $ref: '#/components/schemas/OrderStatus' });
    expect(placed?.payment_status).toEqual({ $ref: '#/components/schemas/PaymentStatus' });
    expect(order?.status).toEqual(placed?.status);
    expect(order?.payment_status).toEqual(placed?.payment_status);
  });
});
