import { restProcedureMetas } from '@storefront/routers/rest-procedures';

export interface RestRoute {
  method: string;
  /** The OpenAPI path under /api/v1, e.g. `/products/{id}`. */
  template: string;
  /** Matches a request path (no query string) the way the REST adapter does. */
  pattern: RegExp;
  cacheable: boolean;
}

/**
 * The REST operations in the adapter's matching order (the first match wins, case-insensitively;
 * `{param}` is one segment, a trailing slash is allowed), from the procedures' OpenAPI meta.
 */
export function restRoutes(): RestRoute[] {
  return restProcedureMetas().map((meta) => ({
    method: meta.openapi.method,
    template: meta.openapi.path,
    pattern: restPathPattern(meta.openapi.path),
    cacheable: meta.cacheable === true,
  }));
}

/** `/api/v1` + a path template as the adapter matches it. */
export function restPathPattern(template: string): RegExp {
  return new RegExp(`^/api/v1${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i');
}
