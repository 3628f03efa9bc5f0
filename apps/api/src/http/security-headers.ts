import cors from 'cors';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** What a browser client may send besides the simple headers (checked by the preflight). */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match'];
/** Response headers a browser client may read (ETag revalidation, rate-limit back-off). */
const EXPOSED_HEADERS = ['ETag', 'Retry-After'];
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Headers on top of helmet's: CORS for the exact origins configured (none by default: the
 * mobile apps are not browsers and need no CORS), and `Cache-Control: no-store` on anything
 * private. The no-store is a default set before routing: public catalogue reads replace it with
 * their own ETag caching (@storefront/routers/catalog-version), every other response keeps it.
 */
export function securityHeaders(options: { corsOrigins: readonly string[] }): RequestHandler[] {
  const handlers: RequestHandler[] = [];
  if (options.corsOrigins.length > 0) {
    handlers.push(
      cors({
        origin: [...options.corsOrigins],
        methods: ALLOWED_METHODS,
        allowedHeaders: ALLOWED_HEADERS,
        exposedHeaders: EXPOSED_HEADERS,
        maxAge: 600,
      }),
    );
  }
  handlers.push((req, res, next) => {
    const publicRead = req.method === 'GET' || req.method === 'HEAD';
    if (req.headers.authorization !== undefined || !publicRead) {
      res.setHeader('Cache-Control', 'no-store');
    }
    next();
  });
  return handlers;
}

type Directives = Record<string, string[]>;

/**
 * helmet with the CSP of a page this process serves whole (the API reference, the admin panel):
 * scripts, styles, fonts and calls from this origin only, no framing, no plugins. Styles may be
 * inline because both UIs set element styles at run time; `extra` widens what a page needs.
 */
export function selfHostedPagePolicy(extra: Directives = {}): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
        ...extra,
      },
    },
  });
}
