import type { CatalogVersion } from '@storefront/routers/catalog-version';
import type { RequestHandler } from 'express';
import onHeaders from 'on-headers';

/** `/products/{id}` → a matcher for `/products/42` (the router's own templates, one source). */
function pathMatcher(template: string): RegExp {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((literal) => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}/?$`);
}

/** If-None-Match holds `tag` (a list, weak or strong, or `*`); weak comparison, RFC 9110 13.1.2. */
export function ifNoneMatchHolds(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => opaque(candidate) === opaque(tag));
}

/**
 * Public catalogue reads (procedures built on `catalogReadProcedure`): a 200 carries the
 * catalogue's ETag and Cache-Control, and a request whose If-None-Match still matches is answered
 * 304 before the procedure runs — no query, no body. The ETag is the catalogue version
 * (catalog-version.ts), which every admin change, order (stock) and review moves.
 */
export function catalogCaching(options: {
  paths: string[];
  version: CatalogVersion;
  /** 0: clients may store but must revalidate every time (so an admin change shows at once). */
  maxAgeSeconds: number;
}): RequestHandler {
  const matchers = options.paths.map(pathMatcher);
  const cacheControl =
    options.maxAgeSeconds > 0
      ? `public, max-age=${options.maxAgeSeconds}, must-revalidate`
      : 'public, no-cache';

  return async (req, res, next) => {
    if (req.method !== 'GET' || !matchers.some((matcher) => matcher.test(req.path))) return next();
    let tag: string;
    try {
      tag = `W/"${await options.version.current()}"`;
    } catch {
      // The database is unreachable: the procedure will answer (503) without caching headers.
      return next();
    }
    if (ifNoneMatchHolds(req.headers['if-none-match'], tag)) {
      res.set({ ETag: tag, 'Cache-Control': cacheControl }).status(304).end();
      return;
    }
    onHeaders(res, () => {
      // Errors (404 unknown id, 422) are not cacheable copies of the resource.
      if (res.statusCode === 200) res.set({ ETag: tag, 'Cache-Control': cacheControl });
    });
    next();
  };
}
