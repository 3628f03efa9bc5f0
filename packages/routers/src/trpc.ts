import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { AppError, toErrorResponse } from './errors';
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

/** Every procedure starts here: applies the declared success status. */
export const publicProcedure = t.procedure.use(({ meta, ctx, next }) => {
  if (meta?.successStatus) ctx.response.status = meta.successStatus;
  return next();
});

/**
 * Resolves the bearer token to a session; every failure is the same 401. Does not count as a
 * sync heartbeat (used by the admin panel's own status reads).
 */
export const authenticatedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await ctx.services.authenticate(ctx.request.authorization);
  return next({ ctx: { ...ctx, session } });
});

/** An authenticated request from the app: it also counts as a sync heartbeat (spec 4.10). */
export const customerProcedure = authenticatedProcedure.use(({ ctx, next }) => {
  ctx.services.recordAppActivity(ctx.session);
  return next();
});

export const adminProcedure = customerProcedure.use(({ ctx, next }) => {
  if (ctx.session.user.role !== 'admin') throw new AppError('FORBIDDEN');
  return next();
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
