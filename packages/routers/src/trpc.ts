import { SpanStatusCode } from '@opentelemetry/api';
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { auditedMutation } from './audit-context';
import { revalidateCatalogRead } from './catalog-version';
import type { Context } from './context';
import { toErrorResponse } from './error-response';
import { AppError, type ErrorCode, validationError } from './errors';
import type { AuditMeta } from './features/audit';
import type { FeatureFlag } from './features/store-settings';
import type { Permission } from './permissions';
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
   * `If-None-Match` gets 304 before the procedure runs (apps/api/src/http/rest.ts).
   */
  cacheable?: true;
  /** A customer write that changes what cacheable reads show (stock, ratings, reviews). */
  changesCatalog?: true;
  /**
   * A customer write that honours an `Idempotency-Key` header: the middleware claims the key
   * and hands the procedure `ctx.idempotency` (idempotency.ts).
   */
  idempotent?: true;
  /**
   * The answer carries a new bearer token (`issue`) or the call ends the session (`revoke`):
   * the SDK stores or clears its token (packages/client-sdk).
   */
  session?: 'issue' | 'revoke';
  /**
   * The error codes this operation answers besides the ones every operation of its shape can
   * (validation, authentication, unknown id: openapi.ts derives those). The OpenAPI document
   * lists exactly these per status, and tests check every live error against that list.
   */
  errors?: ErrorCode[];
  /**
   * A customer procedure a guest session may call too (cart, checkout, own orders). Every other
   * customer procedure answers a guest 403 ACCOUNT_REQUIRED (one rule, in `customer` below).
   */
  allowGuest?: true;
  /**
   * An admin procedure's permission (`adminProcedure('orders:read')`), checked before its input
   * and handler; `self`: any staff member, for reading their own account only (admin.me).
   */
  permission?: Permission | 'self';
  /** An admin mutation's audit target when path and input do not name it (features/audit). */
  audit?: AuditMeta;
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
          ...(error instanceof AppError && error.missingPermission
            ? { missing_permission: error.missingPermission }
            : {}),
        },
      };
    },
  });

export const router = t.router;
/** One router of several slices' procedures (admin.settings: flags and tax settings). */
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * After a successful write that changes the public catalogue, its cache token moves (the write
 * has committed by then: services commit before they return). A customer's write changes
 * products only (stock, ratings); an admin's may change anything.
 */
async function afterCatalogWrite<Result extends { ok: boolean }>(
  ctx: Context,
  type: 'query' | 'mutation' | 'subscription',
  result: Result,
  what: 'products' | 'anything',
): Promise<Result> {
  if (result.ok && type === 'mutation') await ctx.services.catalog.version.changed(what);
  return result;
}

/**
 * The first key path (`items.0.notes`) holding a string PostgreSQL cannot store or a client
 * cannot round-trip: a NUL byte (text refuses it: a 500 from the driver) or a lone surrogate.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what it looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function findUnstorableString(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') {
    return UNSTORABLE.test(value) ? path.join('.') || 'body' : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = findUnstorableString(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * One rule for every string of every input (body, query, path; REST and /trpc), checked on the
 * raw input before the procedure's schema: 422 naming the field instead of a driver error.
 */
const refuseUnstorableStrings = t.middleware(async ({ getRawInput, next }) => {
  const field = findUnstorableString(await getRawInput());
  if (field !== undefined) {
    throw validationError({ [field]: ['Must not contain NUL or unpaired surrogate characters.'] });
  }
  return next();
});

/**
 * A span per procedure call (`trpc products.list`, REST and /trpc alike) when tracing is on; its
 * queries' spans are its children. Without a tracer (tracing off) it only calls on.
 */
const traced = t.middleware(({ ctx, path, type, next }) => {
  const tracer = ctx.tracer;
  if (!tracer) return next();
  return tracer.startActiveSpan(
    `trpc ${path}`,
    { attributes: { 'rpc.system': 'trpc', 'rpc.method': path, 'trpc.type': type } },
    async (span) => {
      try {
        const result = await next();
        if (!result.ok) {
          const { status, body } = toErrorResponse(result.error);
          span.setAttribute('app.error_code', body.error_code);
          // A client's error (4xx) is an answer, not a failure of the call.
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: body.message });
        }
        return result;
      } finally {
        span.end();
      }
    },
  );
});

/** Every procedure starts here: applies the declared success status. */
const statusProcedure = t.procedure.use(traced).use(async ({ meta, ctx, type, next }) => {
  if (meta?.successStatus) ctx.response.status = meta.successStatus;
  return meta?.changesCatalog ? afterCatalogWrite(ctx, type, await next(), 'products') : next();
});

/**
 * Resolves the bearer token to a session; every failure is the same 401. Does not count as a
 * sync heartbeat (used by the admin panel's own status reads).
 */
const authenticated = statusProcedure.use(async ({ ctx, next }) => {
  const session = await ctx.services.auth.sessions.authenticate(ctx.request.authorization);
  return next({ ctx: { ...ctx, session } });
});

/** An authenticated request from the app: it also counts as a sync heartbeat (docs/contract.md §5). */
const customer = statusProcedure.use(async ({ ctx, meta, next }) => {
  const session = await ctx.services.auth.customerSession(ctx.request.authorization);
  if (session.user.role === 'guest' && !meta?.allowGuest) throw new AppError('ACCOUNT_REQUIRED');
  return next({ ctx: { ...ctx, session } });
});

/**
 * Procedures with meta `idempotent` and a request with an Idempotency-Key: the key is claimed
 * for this customer (409 IDEMPOTENCY_CONFLICT while in flight or for a different body), the
 * procedure gets the claim as `ctx.idempotency`, and a failure frees the key for a retry.
 */
const idempotency = customer.use(async ({ ctx, meta, path, getRawInput, next }) => {
  const key = ctx.request.idempotencyKey;
  if (!meta?.idempotent || key === undefined) return next();
  const userId = ctx.session.user.id;
  // The operation is part of the request: a key reused on another cart operation with the same
  // body (clear, then remove-coupon) is a conflict, not a replay of the first one's answer.
  const request =
    path === 'checkout.placeOrder' ? await getRawInput() : { path, input: await getRawInput() };
  const claim = await ctx.services.checkout.idempotency.claim(userId, key, request);
  const result = await next({ ctx: { idempotency: claim } });
  if (!result.ok) await ctx.services.checkout.idempotency.release(userId, key);
  return result;
});

/**
 * HTTP caching of public catalogue reads (REST only): a 200 carries the catalogue's ETag and
 * Cache-Control. The ETag is the catalogue version (catalog-version.ts), which every admin
 * change, order (stock) and review moves. A request whose If-None-Match still matches never gets
 * here: the REST handler answers its 304 from this procedure's meta (apps/api/src/http/rest.ts).
 */
const conditionalCatalogRead = t.middleware(async ({ ctx, meta, next }) => {
  const conditional = ctx.request.conditional;
  if (!meta?.cacheable || !conditional) return next();
  const revalidation = await revalidateCatalogRead(ctx.services.catalog.version, conditional);
  const result = await next();
  // Errors (404 unknown id, 422) are not cacheable copies of the resource; an unreadable version
  // (the database is unreachable) gives no headers.
  if (result.ok && revalidation) Object.assign(ctx.response.headers, revalidation.headers);
  return result;
});

// Each exported base ends with the string rule, so it runs where the input schema would: after
// authentication (a 401 stays a 401), before any procedure code.
export const publicProcedure = statusProcedure
  .use(conditionalCatalogRead)
  .use(refuseUnstorableStrings);

/** A public catalogue read: same answer for everyone, so REST clients may cache it (ETag). */
export const catalogReadProcedure = publicProcedure.meta({ cacheable: true });

export const authenticatedProcedure = authenticated.use(refuseUnstorableStrings);

export const customerProcedure = idempotency.use(refuseUnstorableStrings);

/** A customer procedure a guest session may call as well (cart, checkout, its own orders). */
export const shopperProcedure = customerProcedure.meta({ allowGuest: true });

/**
 * A staff member with the procedure's permission (their role's, docs/admin-panel.md "Roles"):
 * 403 FORBIDDEN otherwise, whose error data names the `missing_permission`. A procedure without
 * a declared permission answers 403 to everyone. Every admin mutation counts as a catalogue
 * change (one rule instead of a list to keep up) and writes its audit row (audit-context.ts).
 */
const staffMember = customer
  .use(async ({ ctx, meta, type, path, getRawInput, next }) => {
    if (ctx.session.user.role !== 'admin') throw new AppError('FORBIDDEN');
    const staff = await ctx.services.customer.staff.access(ctx.session.user.id);
    const permission = meta?.permission;
    if (permission !== 'self' && (!permission || !staff.permissions.includes(permission))) {
      throw new AppError(
        'FORBIDDEN',
        permission
          ? `Your role does not allow this (it needs the ${permission} permission).`
          : undefined,
        permission ? { missingPermission: permission } : {},
      );
    }
    const result = await auditedMutation({
      ctx,
      meta,
      path,
      type,
      getRawInput,
      next: () => next({ ctx: { staff } }),
    });
    return afterCatalogWrite(ctx, type, result, 'anything');
  })
  .use(refuseUnstorableStrings);

/** An admin procedure requiring `permission` (declared in its definition; the walking test checks). */
export const adminProcedure = (permission: Permission | 'self') => staffMember.meta({ permission });

/** 403 FEATURE_DISABLED unless the flag is on (checked on every call: admins can flip it). */
export function requireFeature(flag: FeatureFlag) {
  return t.middleware(async ({ ctx, next }) => {
    if (!(await ctx.services.storeSettings.features.isFeatureEnabled(flag))) {
      throw new AppError(
        'FEATURE_DISABLED',
        `The ${flag.replace('_', ' ')} feature is switched off.`,
      );
    }
    return next();
  });
}
