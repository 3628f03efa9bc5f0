import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { AppError, type ErrorCode, toErrorResponse } from './errors';
import type { FeatureFlag } from './features/settings/settings.schemas';
import './zod-messages';

export type Meta = OpenApiMeta<{
  /** Success status other than 200 (201 for creations); documented and sent. */
  successStatus?: 201;
  /**
   * With `successStatus: 201`: the procedure answers 200 instead when the resource already
   * existed (it sets `ctx.response.status`); both statuses are documented.
   */
  okWhenExisting?: true;
  /**
   * A public catalogue read: REST answers carry `ETag` + `Cache-Control` and a matching
   * `If-None-Match` gets 304 before the procedure runs (apps/api/src/http/catalog-cache.ts).
   */
  cacheable?: true;
  /** A customer write that changes what cacheable reads show (stock, ratings, reviews). */
  changesCatalog?: true;
  /**
   * The error codes this operation answers besides the ones every operation of its shape can
   * (validation, authentication, unknown id: openapi.ts derives those). The OpenAPI document
   * lists exactly these per status, and tests check every live error against that list.
   */
  errors?: ErrorCode[];
}>;

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      // /trpc clients get the same error_code and field errors as REST clients.
      const { status, body } = toErrorResponse(error);
      return {
        ...shape,
        message: body.message,
        data: {
          ...shape.data,
          httpStatus: status,
          stack: undefined,
          error_code: body.error_code,
          errors: body.errors,
          // The REST layer sends exactly this body (apps/api/src/http/rest.ts).
          envelope: body,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * After a successful write that changes the public catalogue, its cache token moves (the write
 * has committed by then: services commit before they return).
 */
async function afterCatalogWrite<Result extends { ok: boolean }>(
  ctx: Context,
  type: 'query' | 'mutation' | 'subscription',
  result: Result,
): Promise<Result> {
  if (result.ok && type === 'mutation') await ctx.services.catalogVersion.changed();
  return result;
}

/** Every procedure starts here: applies the declared success status. */
export const publicProcedure = t.procedure.use(async ({ meta, ctx, type, next }) => {
  if (meta?.successStatus) ctx.response.status = meta.successStatus;
  return meta?.changesCatalog ? afterCatalogWrite(ctx, type, await next()) : next();
});

/** A public catalogue read: same answer for everyone, so REST clients may cache it (ETag). */
export const catalogReadProcedure = publicProcedure.meta({ cacheable: true });

/**
 * Resolves the bearer token to a session; every failure is the same 401. Does not count as a
 * sync heartbeat (used by the admin panel's own status reads).
 */
export const authenticatedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await ctx.services.authenticate(ctx.request.authorization);
  return next({ ctx: { ...ctx, session } });
});

/** An authenticated request from the app: it also counts as a sync heartbeat (docs/contract.md §5). */
export const customerProcedure = authenticatedProcedure.use(({ ctx, next }) => {
  ctx.services.recordAppActivity(ctx.session);
  return next();
});

/** Every admin mutation counts as a catalogue change (one rule instead of a list to keep up). */
export const adminProcedure = customerProcedure.use(async ({ ctx, type, next }) => {
  if (ctx.session.user.role !== 'admin') throw new AppError('FORBIDDEN');
  return afterCatalogWrite(ctx, type, await next());
});

/** 403 FEATURE_DISABLED unless the flag is on (checked on every call: admins can flip it). */
export function requireFeature(flag: FeatureFlag) {
  return t.middleware(async ({ ctx, next }) => {
    if (!(await ctx.services.settings.isFeatureEnabled(flag))) {
      throw new AppError(
        'FEATURE_DISABLED',
        `The ${flag.replace('_', ' ')} feature is switched off.`,
      );
    }
    return next();
  });
}
