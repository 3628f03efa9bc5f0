import { NotModified } from '@storefront/routers/catalog-version';
import type { Context } from '@storefront/routers/context';
import { toErrorResponse } from '@storefront/routers/error-response';
import { validationError } from '@storefront/routers/errors';
import type { AppRouter } from '@storefront/routers/root';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';

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

export function createRestHandler(options: {
  router: AppRouter;
  createContext: (opts: { req: Request }) => Context;
}): RequestHandler[] {
  const handler = createOpenApiNodeHttpHandler({
    router: options.router,
    createContext: ({ req }) => options.createContext({ req: req as Request }),
    responseMeta: ({ ctx, errors }) => {
      const error = errors[0];
      if (error?.cause instanceof NotModified) return { status: 304, headers: error.cause.headers };
      if (error) {
        const { status, headers } = toErrorResponse(error);
        return { status, headers };
      }
      return { status: ctx?.response.status ?? 200, headers: ctx?.response.headers ?? {} };
    },
    // REST clients get the contract's envelope, formatted once from the error table (errors.ts);
    // /trpc clients get the same error_code and field errors in their own shape (trpc.ts).
    // (A 304 has no body: Node drops whatever is written.)
    formatErrorBody: ({ error }) =>
      error.cause instanceof NotModified ? '' : toErrorResponse(error).body,
    onError: ({ error, req }) => {
      if (!(error.cause instanceof NotModified) && toErrorResponse(error).unexpected) {
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
