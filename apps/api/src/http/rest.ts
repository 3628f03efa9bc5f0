import { type CatalogVersion, revalidateCatalogRead } from '@storefront/routers/catalog-version';
import type { Context } from '@storefront/routers/context';
import { toErrorResponse } from '@storefront/routers/error-response';
import { validationError } from '@storefront/routers/errors';
import type { AppRouter } from '@storefront/routers/root';
import type { Meta } from '@storefront/routers/trpc';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  createOpenApiNodeHttpHandler,
  forEachOpenApiProcedure,
  getPathRegExp,
  normalizePath,
} from 'trpc-to-openapi';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Body-less POSTs (logout, refresh) often come without a content type; the adapter would refuse
 * them with 415. An empty body is treated as `{}` instead.
 */
const acceptEmptyBodies: RequestHandler = (req, _res, next) => {
  const length = Number(req.headers['content-length'] ?? 0);
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (BODY_METHODS.has(req.method) && !req.headers['content-type'] && length === 0 && !chunked) {
    req.headers['content-type'] = 'application/json';
    req.body = {};
  }
  next();
};

/**
 * A JSON array where the contract wants an object: the adapter spread it into `{0: …}` and the
 * object schema stripped that to `{}` (PUT /auth/profile answered 200). Refused like any field.
 */
const refuseArrayBodies: RequestHandler = (req, _res, next) => {
  next(Array.isArray(req.body) ? validationError({ body: ['Must be a JSON object.'] }) : undefined);
};

/**
 * HEAD on a GET operation answers exactly like GET, headers included, without the body: the
 * adapter matches methods literally (HEAD was a 404). Node already sends no body for a HEAD
 * request whatever the handler writes, so rewriting the method is enough.
 */
export const headAsGet: RequestHandler = (req, _res, next) => {
  if (req.method === 'HEAD') req.method = 'GET';
  next();
};

/**
 * The 304 decision: a GET of a cacheable procedure (its meta) whose If-None-Match still holds
 * the catalogue's ETag is answered with no body and no query beyond the version. Any doubt (the
 * version cannot be read) leaves the answer to the procedure, which then sends its headers with
 * a 200 (trpc.ts, catalogReadProcedure).
 */
export function answerNotModified(
  catalogVersion: Pick<CatalogVersion, 'current'>,
  cacheControl: string,
) {
  return async (opts: {
    req: { method?: string; headers: Record<string, string | string[] | undefined> };
    res: { writeHead(status: number, headers: Record<string, string>): { end(): void } };
    meta: unknown;
  }): Promise<boolean> => {
    const ifNoneMatch = opts.req.headers['if-none-match'];
    if (opts.req.method !== 'GET' || typeof ifNoneMatch !== 'string') return false;
    if (!(opts.meta as Meta | undefined)?.cacheable) return false;
    const revalidation = await revalidateCatalogRead(catalogVersion, { ifNoneMatch, cacheControl });
    if (!revalidation?.notModified) return false;
    opts.res.writeHead(304, revalidation.headers).end();
    return true;
  };
}

/**
 * The meta of the operation a GET request names, matched exactly as the REST adapter matches it
 * (trpc-to-openapi's procedure cache: the first GET path template, in router order, that the
 * normalised path matches, case-insensitively), so both always agree on the operation.
 */
function getOperationMatcher(router: AppRouter): (url: string) => Meta | undefined {
  const operations: Array<{ pattern: RegExp; meta: Meta }> = [];
  forEachOpenApiProcedure<Meta>(router._def.procedures, ({ type, meta }) => {
    if (meta.openapi.method === 'GET' && type !== 'subscription') {
      operations.push({ pattern: getPathRegExp(normalizePath(meta.openapi.path)), meta });
    }
  });
  return (url) => {
    const path = normalizePath(
      new URL(url.startsWith('/') ? `http://127.0.0.1${url}` : url).pathname,
    );
    return operations.find(({ pattern }) => pattern.test(path))?.meta;
  };
}

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * Issue 42's "304 before any work": the first handler under /api/v1 (after the request-wide
 * ones: logging, metrics, security headers) answers a revalidated catalogue read before body
 * parsing, the adapter, tRPC, validation or the database — only the catalogue version, cached
 * for its TTL (catalog-version.ts). A request without If-None-Match pays one header read.
 */
export function createNotModifiedHandler(options: {
  router: AppRouter;
  catalogVersion: Pick<CatalogVersion, 'current'>;
  catalogCacheControl: string;
}): RequestHandler {
  const notModified = answerNotModified(options.catalogVersion, options.catalogCacheControl);
  const operationOf = getOperationMatcher(options.router);
  return (req, res, next) => {
    if (req.method !== 'GET' || typeof req.headers['if-none-match'] !== 'string') return next();
    // A GET with a body goes the usual way: its body parser's refusals (400) come first there.
    if (hasBody(req)) return next();
    const meta = operationOf(req.url);
    if (!meta?.cacheable) return next();
    // The operation's label for the request metrics, as the adapter sets it (below).
    req.restOperation = `/api/v1${meta.openapi?.path}`;
    notModified({ req, res, meta }).then((answered) => {
      if (!answered) next();
    }, next);
  };
}

export function createRestHandler(options: {
  router: AppRouter;
  createContext: (opts: { req: Request }) => Context;
}): RequestHandler[] {
  const handler = createOpenApiNodeHttpHandler({
    router: options.router,
    createContext: ({ req }) => options.createContext({ req: req as Request }),
    beforeProcedure: (opts) => {
      // The operation the adapter matched, for the request metrics' label (http/metrics.ts).
      const path = (opts.meta as Meta | undefined)?.openapi?.path;
      if (path) opts.req.restOperation = `/api/v1${path}`;
      return false;
    },
    responseMeta: ({ ctx, errors }) => {
      const error = errors[0];
      if (error) {
        const { status, headers } = toErrorResponse(error);
        return { status, headers };
      }
      return { status: ctx?.response.status ?? 200, headers: ctx?.response.headers ?? {} };
    },
    // REST clients get the contract's envelope, formatted once from the error table (errors.ts);
    // /trpc clients get the same error_code and field errors in their own shape (trpc.ts).
    formatErrorBody: ({ error }) => toErrorResponse(error).body,
    onError: ({ error, req }) => {
      if (toErrorResponse(error).unexpected) {
        (req as Request).log?.error({ err: error.cause ?? error }, 'procedure failed');
      }
    },
  });
  return [
    acceptEmptyBodies,
    refuseArrayBodies,
    (req: Request, res: Response, next: NextFunction) => {
      // biome-ignore lint/suspicious/noExplicitAny: the adapter's request type is node's IncomingMessage
      handler(req as any, res, next).catch(next);
    },
  ];
}

declare module 'node:http' {
  interface IncomingMessage {
    /** The REST operation's path template (`/api/v1/products/{id}`) once the adapter matched it. */
    restOperation?: string;
  }
}
