import { type FieldErrors, StorefrontError, type StorefrontErrorCode } from './errors';
import { isRevalidatable, type RevalidationCache } from './revalidation-cache';
import type { TokenStore } from './tokens';

/** The part of `fetch` the SDK uses; React Native's, the browser's and Node's all fit. */
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string | FormData;
    signal?: AbortSignal;
  },
) => Promise<Response>;

/** Per-call options every method takes as its last argument. */
export interface RequestOptions {
  /** Cancels the call, its retries and its back-off waits; the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Extra headers for this call (they win over the client's `headers`). */
  headers?: Record<string, string>;
  /**
   * Sends this `Idempotency-Key` instead of a generated one (idempotent operations generate their
   * own; pass a key you persisted to make a retry after an app restart safe as well).
   */
  idempotencyKey?: string;
}

export interface RetryOptions {
  /** Extra attempts after the first one. Default 2. */
  retries?: number;
  /** First back-off delay; doubles every attempt, with jitter. Default 300 ms. */
  baseDelayMs?: number;
  /** Longest back-off delay. Default 5,000 ms. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown. Default 10,000 ms. */
  maxRetryAfterMs?: number;
}

/** What the transport needs to know about one operation. */
export interface Operation {
  method: string;
  path: string;
  hasInput: boolean;
  idempotent: boolean;
  session: 'issue' | 'revoke' | null;
}

export interface TransportConfig {
  baseUrl: string;
  fetch: FetchLike;
  tokenStore: TokenStore;
  onUnauthorized?: (error: StorefrontError) => void | Promise<void>;
  headers?: Record<string, string>;
  retry?: RetryOptions;
  /** ETag copies of catalogue reads; undefined: none kept. */
  cache?: RevalidationCache;
}

interface Outgoing {
  method: string;
  /** Path below /api/v1, params already filled in. */
  path: string;
  query?: string;
  body?: string | FormData;
  json?: boolean;
  /** `safe`: GET; `idempotent`: same key on every attempt; `never`: one attempt. */
  retry: 'safe' | 'idempotent' | 'never';
  idempotencyKey?: string;
  binary?: boolean;
  /** logout: a 401 does not call onUnauthorized (the app is signing out anyway). */
  quiet401?: boolean;
}

const API_PREFIX = '/api/v1';
const RETRY_STATUSES = new Set([502, 503, 504]);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** `https://shop.example` or `https://shop.example/api/v1` → `https://shop.example/api/v1`. */
export function apiRoot(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith(API_PREFIX) ? trimmed : `${trimmed}${API_PREFIX}`;
}

/** The server's origin without the REST prefix (for /trpc). */
export function serverRoot(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith(API_PREFIX) ? trimmed.slice(0, -API_PREFIX.length) : trimmed;
}

function encodeQuery(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const list = Array.isArray(value) ? value : [value];
    for (const item of list) {
      const text = typeof item === 'object' ? JSON.stringify(item) : String(item);
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
    }
  }
  return parts.join('&');
}

/**
 * `{id}` placeholders take the input's fields (URL-encoded); the other fields go to the query
 * string (GET, DELETE) or the JSON body (POST, PUT, PATCH).
 */
export function buildRequest(
  operation: Pick<Operation, 'method' | 'path' | 'hasInput'>,
  input: unknown,
): { path: string; query?: string; body?: string } {
  const rest: Record<string, unknown> =
    input && typeof input === 'object' ? { ...(input as Record<string, unknown>) } : {};
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`${operation.method} ${operation.path} needs "${name}" in its input`);
    }
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  if (BODY_METHODS.has(operation.method)) {
    return operation.hasInput ? { path, body: JSON.stringify(rest) } : { path };
  }
  const query = encodeQuery(rest);
  return query ? { path, query } : { path };
}

/** A random key for `Idempotency-Key`; uses crypto when the runtime has it (Hermes may not). */
export function newIdempotencyKey(): string {
  const cryptoApi = (
    globalThis as {
      crypto?: { randomUUID?: () => string; getRandomValues?: (array: Uint8Array) => unknown };
    }
  ).crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof cryptoApi?.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return `sdk-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function abortReason(signal: AbortSignal): unknown {
  if (signal.reason !== undefined) return signal.reason;
  const error = new Error('The operation was aborted.');
  error.name = 'AbortError';
  return error;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `Retry-After` in seconds (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

interface ErrorBody {
  success?: unknown;
  message?: unknown;
  error_code?: unknown;
  errors?: unknown;
}

function errorFromResponse(response: Response, text: string, operation: string): StorefrontError {
  let body: ErrorBody | undefined;
  try {
    body = JSON.parse(text) as ErrorBody;
  } catch {
    body = undefined;
  }
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const common = {
    status: response.status,
    operation,
    ...(retryAfter === undefined ? {} : { retryAfter }),
    ...(requestId ? { requestId } : {}),
  };
  if (body && body.success === false && typeof body.error_code === 'string') {
    return new StorefrontError({
      ...common,
      code: body.error_code as StorefrontErrorCode,
      message: typeof body.message === 'string' ? body.message : response.statusText,
      ...(body.errors && typeof body.errors === 'object'
        ? { fieldErrors: body.errors as FieldErrors }
        : {}),
    });
  }
  const unavailable = RETRY_STATUSES.has(response.status);
  return new StorefrontError({
    ...common,
    code: unavailable ? 'SERVICE_UNAVAILABLE' : 'UNEXPECTED_RESPONSE',
    message: unavailable
      ? 'The service is temporarily unavailable. Please try again shortly.'
      : `Unexpected answer from the server (HTTP ${response.status}).`,
  });
}

/** The contract's envelope → what a method returns. */
export function unwrapEnvelope(body: unknown): unknown {
  if (body && typeof body === 'object' && (body as { success?: unknown }).success === true) {
    const envelope = body as { data?: unknown; meta?: unknown };
    if ('data' in envelope && 'meta' in envelope)
      return { data: envelope.data, meta: envelope.meta };
    if ('data' in envelope) return envelope.data;
    return undefined;
  }
  return body;
}

export function createTransport(config: TransportConfig) {
  const root = apiRoot(config.baseUrl);
  const retries = config.retry?.retries ?? 2;
  const baseDelay = config.retry?.baseDelayMs ?? 300;
  const maxDelay = config.retry?.maxDelayMs ?? 5_000;
  const maxRetryAfter = config.retry?.maxRetryAfterMs ?? 10_000;
  /** The last token a 401 was reported for: a storm of parallel 401s reports it once. */
  let reportedToken: string | null = null;

  const backoff = (attempt: number) =>
    Math.min(maxDelay, baseDelay * 2 ** attempt) * (0.5 + Math.random() / 2);

  async function unauthorized(token: string, error: StorefrontError) {
    if (reportedToken === token) return;
    reportedToken = token;
    if ((await config.tokenStore.get()) === token) await config.tokenStore.clear();
    if (config.onUnauthorized) {
      Promise.resolve()
        .then(() => config.onUnauthorized?.(error))
        .catch(() => {});
    }
  }

  async function send(request: Outgoing, options: RequestOptions = {}): Promise<unknown> {
    const { signal } = options;
    const operation = `${request.method} ${request.path}`;
    const url = `${root}${request.path}${request.query ? `?${request.query}` : ''}`;
    const maxAttempts = request.retry === 'never' ? 1 : retries + 1;
    for (let attempt = 0; ; attempt++) {
      const canRetry = attempt + 1 < maxAttempts;
      const token = (await config.tokenStore.get()) ?? null;
      const headers: Record<string, string> = {
        Accept: request.binary ? 'application/pdf, application/json' : 'application/json',
        ...config.headers,
        ...options.headers,
      };
      if (request.json) headers['Content-Type'] = 'application/json';
      if (token) headers.Authorization = `Bearer ${token}`;
      if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
      const cached = request.method === 'GET' ? config.cache?.get(url) : undefined;
      if (cached && !headers['If-None-Match']) headers['If-None-Match'] = cached.etag;

      let response: Response;
      let text = '';
      let bytes: ArrayBuffer | undefined;
      try {
        response = await config.fetch(url, {
          method: request.method,
          headers,
          ...(request.body === undefined ? {} : { body: request.body }),
          ...(signal ? { signal } : {}),
        });
        // Reading the body is part of the exchange: a connection cut mid-body is a network error.
        if (request.binary && response.ok) bytes = await response.arrayBuffer();
        else if (response.status === 304 && cached) text = cached.body;
        else text = await response.text();
      } catch (cause) {
        if (signal?.aborted) throw abortReason(signal);
        if (canRetry) {
          await sleep(backoff(attempt), signal);
          continue;
        }
        throw new StorefrontError({
          status: 0,
          code: 'NETWORK_ERROR',
          message: 'The server could not be reached. Check the connection and try again.',
          operation,
          cause,
        });
      }

      if (response.status === 304 && cached) return unwrapEnvelope(JSON.parse(text));
      if (response.ok) {
        if (bytes) return bytes;
        const etag = request.method === 'GET' ? isRevalidatable(response) : undefined;
        if (etag && text !== '') config.cache?.set(url, etag, text);
        try {
          return text === '' ? undefined : unwrapEnvelope(JSON.parse(text));
        } catch (cause) {
          throw new StorefrontError({
            status: response.status,
            code: 'UNEXPECTED_RESPONSE',
            message: 'The server sent an answer that is not JSON.',
            operation,
            cause,
          });
        }
      }

      const error = errorFromResponse(response, text, operation);
      const retryable =
        RETRY_STATUSES.has(response.status) ||
        (request.retry === 'idempotent' && error.code === 'IDEMPOTENCY_CONFLICT');
      if (retryable && canRetry) {
        const wait = error.retryAfter === undefined ? backoff(attempt) : error.retryAfter * 1000;
        if (wait <= maxRetryAfter) {
          await sleep(wait, signal);
          continue;
        }
      }
      if (
        response.status === 401 &&
        error.code === 'UNAUTHENTICATED' &&
        token &&
        !request.quiet401
      ) {
        await unauthorized(token, error);
      }
      throw error;
    }
  }

  /** One REST operation of the route table. */
  async function call(op: Operation, input: unknown, options: RequestOptions = {}) {
    const built = buildRequest(op, input);
    const idempotencyKey =
      options.idempotencyKey ?? (op.idempotent ? newIdempotencyKey() : undefined);
    const request: Outgoing = {
      method: op.method,
      ...built,
      json: built.body !== undefined,
      retry: op.method === 'GET' ? 'safe' : op.idempotent ? 'idempotent' : 'never',
      ...(idempotencyKey ? { idempotencyKey } : {}),
      quiet401: op.session === 'revoke',
    };
    if (op.session === 'revoke') {
      try {
        return await send(request, options);
      } finally {
        // Signed out locally whatever the server said (or whether it answered at all).
        await config.tokenStore.clear();
      }
    }
    const result = await send(request, options);
    if (op.session === 'issue') {
      const token = (result as { token?: unknown } | undefined)?.token;
      if (typeof token === 'string') await config.tokenStore.set(token);
    }
    return result;
  }

  return { call, send, root };
}

export type Transport = ReturnType<typeof createTransport>;
