import { toErrorResponse } from '@storefront/routers/error-response';
import { AppError } from '@storefront/routers/errors';
import { buildOpenApiDocument } from '@storefront/routers/openapi';
import { appRouter } from '@storefront/routers/root';
import type { Services } from '@storefront/routers/services';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { createDeleteAccountRoute } from './http/account';
import { adminPanel } from './http/admin-panel';
import { apiDocs } from './http/api-docs';
import { createAvatarRoute } from './http/avatar';
import { createContextFactory } from './http/context';
import { errorHandler, notFoundHandler, sendError } from './http/errors';
import { createCreditNoteRoute, createInvoiceRoute } from './http/invoice';
import { protectedMetricsRoute, requestMetrics } from './http/metrics';
import { createRazorpayWebhookRoute } from './http/razorpay-webhook';
import { requestLogging } from './http/request-log';
import { createNotModifiedHandler, createRestHandler, headAsGet } from './http/rest';
import { securityHeaders } from './http/security-headers';
import { limitTrpcBatches } from './http/trpc-batch';
import type { AppMetrics } from './observability/metrics';

/**
 * The most calls one /trpc batch may hold (docs/contract.md): a batch is one HTTP request, so
 * without a cap one request could run hundreds of lookups, each its own rate-limited attempt.
 */
export const MAX_TRPC_BATCH = 20;

export interface AppDeps {
  services: Services;
  /** Round trip to the database, for /ready. */
  pingDatabase: () => Promise<void>;
  logger: Logger;
  /** Prometheus metrics (METRICS_PORT or METRICS_TOKEN); absent: nothing counted or served. */
  metrics?: AppMetrics | undefined;
  config: {
    appUrl: string;
    version: string;
    /** Served at /uploads when avatars are stored on local disk. */
    uploadsDir?: string;
    trustProxyHops?: number;
    /** Shown on invoices. */
    shopName?: string;
    /** Body limit for JSON requests (contract: 1 MB). */
    jsonLimit?: string;
    /** Cache-Control max-age of catalogue reads; 0 (default): revalidate every time. */
    catalogCacheMaxAgeSeconds?: number;
    /** Browser origins allowed by CORS (exact matches); none: no CORS headers at all. */
    corsOrigins?: readonly string[];
    /** RAZORPAY_WEBHOOK_SECRET: with it, Razorpay's webhook route is served. */
    razorpayWebhookSecret?: string | undefined;
    /** The built admin panel (apps/admin/dist), served at /admin. */
    adminPanelDir?: string | undefined;
    /** METRICS_TOKEN: GET /metrics served here for this bearer token (not with METRICS_PORT). */
    metricsToken?: string | undefined;
    /** Tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT): log lines carry the request's trace id. */
    tracing?: boolean;
  };
}

export function createApp(deps: AppDeps): Express {
  const { services, config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxyHops ?? 0);
  app.set('etag', false);

  app.use(requestLogging(deps.logger, { traceIds: config.tracing === true }));
  if (deps.metrics) app.use(requestMetrics(deps.metrics));

  const openApiDocument = buildOpenApiDocument({
    baseUrl: `${config.appUrl}/api/v1`,
    version: config.version,
  });
  app.use(
    '/api/docs',
    apiDocs({ documentUrl: '/api/v1/openapi.json', pageTitle: 'Storefront API reference' }),
  );
  if (config.adminPanelDir) app.use('/admin', adminPanel({ dir: config.adminPanelDir }));
  app.use(helmet(), ...securityHeaders({ corsOrigins: config.corsOrigins ?? [] }));

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/ready', async (_req, res) => {
    try {
      await deps.pingDatabase();
      res.json({ status: 'ready' });
    } catch {
      sendError(res, toErrorResponse(new AppError('SERVICE_UNAVAILABLE')));
    }
  });
  if (deps.metrics && config.metricsToken) {
    app.get('/metrics', protectedMetricsRoute(deps.metrics, config.metricsToken));
  }
  if (config.uploadsDir) {
    // A missing file (or a path send refuses) falls through to the envelope 404; with
    // `fallthrough: false` it reached the error handler as an fs error and answered 500.
    app.use(
      '/uploads',
      express.static(config.uploadsDir, { fallthrough: true, index: false, redirect: false }),
      notFoundHandler,
    );
  }

  app.get('/api/v1/openapi.json', (_req, res) => {
    res.json(openApiDocument);
  });
  app.post('/api/v1/auth/avatar', ...createAvatarRoute(services));
  app.delete('/api/v1/auth/account', ...createDeleteAccountRoute(services));
  if (config.razorpayWebhookSecret) {
    app.post(
      '/api/v1/payments/razorpay/webhook',
      ...createRazorpayWebhookRoute(services, config.razorpayWebhookSecret),
    );
  }
  app.get(
    '/api/v1/customer/orders/:id/invoice',
    ...createInvoiceRoute(services, config.shopName ?? 'Storefront'),
  );
  app.get(
    '/api/v1/customer/orders/:id/credit-notes/:number',
    ...createCreditNoteRoute(services, config.shopName ?? 'Storefront'),
  );

  const json = express.json({ limit: config.jsonLimit ?? '1mb' });
  const createContext = createContextFactory(services);
  const maxAge = config.catalogCacheMaxAgeSeconds ?? 0;
  // 0: clients may store but must revalidate every time (so an admin change shows at once).
  const catalogCacheControl =
    maxAge > 0 ? `public, max-age=${maxAge}, must-revalidate` : 'public, no-cache';
  const createRestContext = createContextFactory(services, { catalogCacheControl });
  app.use(
    '/api/v1',
    headAsGet,
    createNotModifiedHandler({
      router: appRouter,
      catalogVersion: services.catalog.version,
      catalogCacheControl,
    }),
    json,
    ...createRestHandler({ router: appRouter, createContext: createRestContext }),
  );
  // The delivery rules' CSV import alone takes up to 5 MB (a 50,000-line file), a product image
  // upload 3 MB (2 MB of bytes as base64); a batch naming them, like every other /trpc call,
  // keeps the 1 MB limit.
  const importJson = express.json({ limit: '5mb' });
  const imageJson = express.json({ limit: '3mb' });
  app.use(
    '/trpc',
    limitTrpcBatches(appRouter, MAX_TRPC_BATCH),
    (req, res, next) =>
      req.path === '/admin.delivery.importRules'
        ? importJson(req, res, next)
        : req.path === '/admin.products.images.upload'
          ? imageJson(req, res, next)
          : json(req, res, next),
    createExpressMiddleware({
      router: appRouter,
      createContext,
      maxBatchSize: MAX_TRPC_BATCH,
      onError: ({ error, req }) => {
        if (toErrorResponse(error).unexpected)
          req.log?.error({ err: error.cause ?? error }, 'trpc call failed');
      },
    }),
  );

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
