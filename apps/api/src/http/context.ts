import { type Context, createResponseControl } from '@storefront/routers/context';
import type { Services } from '@storefront/routers/services';
import type { Request } from 'express';

const header = (req: Request, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * One context shape for REST and /trpc: the services plus what the request says about itself.
 * `catalogCacheControl` (REST only) turns on conditional catalogue reads (trpc.ts).
 */
export function createContextFactory(
  services: Services,
  options: { catalogCacheControl?: string } = {},
) {
  const { catalogCacheControl } = options;
  return ({ req }: { req: Request }): Context => ({
    services,
    tracer: services.tracer,
    request: {
      id: String(req.id ?? ''),
      ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      userAgent: header(req, 'user-agent'),
      authorization: header(req, 'authorization'),
      idempotencyKey: header(req, 'idempotency-key'),
      ...(catalogCacheControl !== undefined
        ? {
            conditional: {
              ifNoneMatch: header(req, 'if-none-match'),
              cacheControl: catalogCacheControl,
            },
          }
        : {}),
    },
    response: createResponseControl(),
  });
}
