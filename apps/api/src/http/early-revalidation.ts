import { revalidateCatalogRead } from '@storefront/routers/catalog-version';
import { restProcedureMetas } from '@storefront/routers/rest-procedures';
import type { Services } from '@storefront/routers/services';
import type { RequestHandler } from 'express';

/**
 * The REST paths of GET procedures in the adapter's matching order (the first match wins,
 * case-insensitively; `{param}` is one segment), each marked cacheable or not.
 */
function getRoutes(): { pattern: RegExp; cacheable: boolean }[] {
  return restProcedureMetas()
    .filter((meta) => meta.openapi.method === 'GET')
    .map((meta) => ({
      pattern: new RegExp(`^/api/v1${meta.openapi.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i'),
      cacheable: meta.cacheable === true,
    }));
}

/**
 * A catalogue read revalidated with a current ETag answers 304 here, before the request enters
 * tRPC: the same answer the procedure's middleware gives (trpc.ts, conditionalCatalogRead), but
 * without its way out (an error thrown through tRPC's error path for every 304): 304s measured
 * ~12 % faster this way (docs/performance.md). Anything else, and any doubt (the
 * database unreachable, no match), goes on to the procedure.
 */
export function answerNotModifiedEarly(
  services: Pick<Services, 'catalogVersion'>,
  cacheControl: string,
): RequestHandler {
  const routes = getRoutes();
  return async (req, res, next) => {
    const ifNoneMatch = req.headers['if-none-match'];
    if (req.method !== 'GET' || !ifNoneMatch) return next();
    const path = req.originalUrl.split('?')[0] ?? '';
    if (!routes.find((route) => route.pattern.test(path))?.cacheable) return next();
    const revalidation = await revalidateCatalogRead(services.catalogVersion, {
      ifNoneMatch,
      cacheControl,
    });
    if (!revalidation?.notModified) return next();
    res.status(304).set(revalidation.headers).end();
  };
}
