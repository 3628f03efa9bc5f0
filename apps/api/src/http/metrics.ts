import { createHash, timingSafeEqual } from 'node:crypto';
import { toErrorResponse } from '@storefront/routers/error-response';
import { AppError } from '@storefront/routers/errors';
import { appRouter } from '@storefront/routers/root';
import express, { type Express, type Request, type RequestHandler } from 'express';
import type { AppMetrics } from '../observability/metrics';
import { errorHandler, notFoundHandler, sendError } from './errors';

/** The route label of every request no operation matched (unknown paths, probes): one series. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Mounted sub-apps labelled by their mount point (their own paths are not operations). */
const MOUNTS = ['/api/docs', '/admin', '/uploads'];

/**
 * The operation a request was for, as a bounded label: the REST path template the adapter
 * matched (`/api/v1/products/{id}`, never a raw id), the Express route's path (`/health`, the invoice),
 * `/trpc/<procedure>` (`/trpc/(batch)` for a batch of known ones), else UNMATCHED_ROUTE.
 */
export function createRouteLabeller(): (req: Request) => string {
  const procedures = new Set(Object.keys(appRouter._def.procedures));
  return (req) => {
    // The REST adapter noted the operation it matched (rest.ts): one matcher for routing and labels.
    if (req.restOperation) return req.restOperation;
    // Express's own routes (health, openapi.json, the invoice): their pattern, `:id` as `{id}`.
    if (req.route?.path && typeof req.route.path === 'string') {
      return `${req.baseUrl}${req.route.path}`.replace(/:(\w+)/g, '{$1}');
    }
    const path = req.originalUrl.split('?')[0] ?? '';
    if (path.startsWith('/trpc/')) {
      const names = path.slice('/trpc/'.length).split(',');
      if (!names.every((name) => procedures.has(name))) return UNMATCHED_ROUTE;
      return names.length === 1 ? `/trpc/${names[0]}` : '/trpc/(batch)';
    }
    return (
      MOUNTS.find((mount) => path === mount || path.startsWith(`${mount}/`)) ?? UNMATCHED_ROUTE
    );
  };
}

/** Counts and times every request by operation and status once its response has gone. */
export function requestMetrics(metrics: AppMetrics): RequestHandler {
  const routeOf = createRouteLabeller();
  return (req, res, next) => {
    const started = performance.now();
    const method = req.method;
    res.once('close', () => {
      metrics.observeRequest(
        { method, route: routeOf(req), status: res.statusCode },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Bearer <credentials>`, the scheme in any case (RFC 9110 §11.1: schemes are case-insensitive). */
const BEARER = /^bearer +(.+)$/i;

/**
 * GET /metrics on the API's port: only for `Authorization: Bearer <METRICS_TOKEN>` (the token
 * compared in constant time, whatever the lengths); anything else is the envelope's 401.
 */
export function protectedMetricsRoute(metrics: AppMetrics, token: string): RequestHandler {
  const expected = digest(token);
  const serve = metricsRoute(metrics);
  return (req, res, next) => {
    const credentials = BEARER.exec(req.headers.authorization ?? '')?.[1];
    const given = digest(credentials ?? '');
    if (credentials === undefined || !timingSafeEqual(given, expected)) {
      res.set('WWW-Authenticate', 'Bearer');
      sendError(res, toErrorResponse(new AppError('UNAUTHENTICATED')));
      return;
    }
    serve(req, res, next);
  };
}

/** GET /metrics: the text exposition (Prometheus 0.0.4). */
export function metricsRoute(metrics: AppMetrics): RequestHandler {
  return async (_req, res, next) => {
    try {
      const body = await metrics.render();
      res.set('Content-Type', metrics.contentType).set('Cache-Control', 'no-store').send(body);
    } catch (error) {
      next(error);
    }
  };
}

/** The METRICS_PORT listener's app: GET /metrics without a token, the envelope's 404 otherwise. */
export function createMetricsApp(metrics: AppMetrics): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/metrics', metricsRoute(metrics));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
