import { AppError } from '@storefront/routers/errors';
import type { AppRouter } from '@storefront/routers/root';
import { getTRPCErrorShape, TRPCError } from '@trpc/server';
import type { RequestHandler } from 'express';

/** How many calls a /trpc request names: `a,b,c?batch=1` is three, as the tRPC adapter counts. */
function callsIn(originalUrl: string, path: string): number {
  const url = new URL(originalUrl, 'http://localhost');
  if (url.searchParams.get('batch') !== '1') return 1;
  const procedures = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(procedures).split(',').length;
  } catch {
    return 1; // A malformed escape: the adapter answers its own 400.
  }
}

/**
 * Refuses a /trpc batch of more than `max` calls, whole and before any call runs, with 400
 * BAD_REQUEST in the tRPC error shape (the router's formatter: `error_code`, `httpStatus`). The
 * adapter's own `maxBatchSize` stays set behind it, but answers the table's generic message.
 */
export function limitTrpcBatches(router: AppRouter, max: number): RequestHandler {
  return (req, res, next) => {
    const calls = callsIn(req.originalUrl, req.path);
    if (calls <= max) {
      next();
      return;
    }
    const error = new TRPCError({
      code: 'BAD_REQUEST',
      cause: new AppError(
        'BAD_REQUEST',
        `A /trpc batch may hold at most ${max} calls; this one has ${calls}. Send fewer calls per request.`,
      ),
    });
    const shape = getTRPCErrorShape({
      config: router._def._config,
      error,
      type: 'unknown',
      path: undefined,
      input: undefined,
      ctx: undefined,
    });
    res.status(400).json({ error: shape });
  };
}
