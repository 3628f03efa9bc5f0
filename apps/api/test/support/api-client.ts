import { buildOpenApiDocument } from '@storefront/routers/openapi';
import { createOpenApiValidator } from '../openapi-validator';

export interface ApiRequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** What registerCustomer and prepareCheckout need: supertest's TestApp or a real HTTP client. */
export interface Requester {
  request(
    method: string,
    path: string,
    opts?: ApiRequestOptions,
    // biome-ignore lint/suspicious/noExplicitAny: JSON bodies, read like supertest's `res.body`
  ): Promise<{ status: number; body: any }>;
}

export interface ApiResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  body: any;
  headers: Headers;
}

export interface ApiClient extends Requester {
  request(method: string, path: string, opts?: ApiRequestOptions): Promise<ApiResponse>;
}

/** A request that has not answered within this is a hang: it fails the test instead. */
const HANG_GUARD_MS = 20_000;

const validate = createOpenApiValidator(
  buildOpenApiDocument({ baseUrl: 'http://shop.test/api/v1', version: 'test' }),
);

/**
 * Calls `/api/v1` of a server over real HTTP (a spawned process, a proxy) and validates every
 * JSON response against the OpenAPI document, like the in-process harness does.
 */
export function apiClient(baseUrl: string): ApiClient {
  return {
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers,
        ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
        signal: AbortSignal.timeout(HANG_GUARD_MS),
      });
      const text = await res.text();
      const json = res.headers.get('content-type')?.includes('application/json');
      const body = json ? JSON.parse(text) : text;
      if (json) validate(method, `/api/v1${path}`, res.status, body);
      return { status: res.status, body, headers: res.headers };
    },
  };
}
