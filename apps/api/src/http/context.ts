import { type Context, createResponseControl } from '@storefront/routers/context';
import type { Services } from '@storefront/routers/services';
import type { Request } from 'express';

const header = (req: Request, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** One context shape for REST and /trpc: the services plus what the request says about itself. */
export function createContextFactory(services: Services) {
  return ({ req }: { req: Request }): Context => ({
    services,
    request: {
      id: String(req.id ?? ''),
      ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      userAgent: header(req, 'user-agent'),
      authorization: header(req, 'authorization'),
      idempotencyKey: header(req, 'idempotency-key'),
    },
    response: createResponseControl(),
  });
}
