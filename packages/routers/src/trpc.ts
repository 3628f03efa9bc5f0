import { SpanStatusCode } from '@opentelemetry/api';
import { getTRPCErrorFromUnknown, initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { auditedMutation } from './audit-context';
import { revalidateCatalogRead } from './catalog-version';
import type { Context } from './context';
import { toErrorResponse } from './error-response';
import { AppError, type ErrorCode, validationError } from './errors';
import type { AuditMeta } from './features/audit';
import type { AuthenticatedSession } from './features/auth';
import type { StaffAccess } from './features/customer';
import type { FeatureFlag } from './features/store-settings';
import type { IdempotencyClaim } from './idempotency';
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
  /**
   * 403 FEATURE_DISABLED unless this store feature is on, checked on every call (admins can flip
   * it) after authentication and the string rule, before the input schema.
   */
  feature?: FeatureFlag;
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

/**
 * What every step below reads of a call: tRPC's middleware options. Each procedure kind runs its
 * steps as plain function calls inside ONE middleware built here at start-up, instead of a chain
 * of middlewares each copying its options and context (docs/performance.md, "Issue 42").
 */
interface Call {
  ctx: Context;
  meta: Meta | undefined;
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  getRawInput: () => Promise<unknown>;
}

/** A middleware's result as the steps see it: they only look at `ok` (and the error's code). */
type Outcome = { ok: boolean };

/**
 * After a successful write that changes the public catalogue, its cache token moves (the write
 * has committed by then: services commit before they return). A customer's write changes
 * products only (stock, ratings); an admin's may change anything.
 */
async function afterCatalogWrite<Result extends Outcome>(
  call: Call,
  result: Result,
  what: 'products' | 'anything',
): Promise<Result> {
  if (result.ok && call.type === 'mutation') await call.ctx.services.catalog.version.changed(what);
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

/** 403 FEATURE_DISABLED unless the flag is on (read on every call: admins can flip it). */
async function requireFeatureOn(ctx: Context, flag: FeatureFlag): Promise<void> {
  if (!(await ctx.services.storeSettings.features.isFeatureEnabled(flag))) {
    throw new AppError(
      'FEATURE_DISABLED',
      `The ${flag.replace('_', ' ')} feature is switched off.`,
    );
  }
}

/**
 * The last checks of every kind, where the input schema would run: after authentication (a 401
 * stays a 401), before any procedure code. One rule for every string of every input (body,
 * query, path; REST and /trpc) on the raw input: 422 naming the field instead of a driver error.
 * Then the procedure's feature flag (meta `feature`).
 */
async function checkInputAndFeature(call: Call): Promise<void> {
  const field = findUnstorableString(await call.getRawInput());
  if (field !== undefined) {
    throw validationError({ [field]: ['Must not contain NUL or unpaired surrogate characters.'] });
  }
  if (call.meta?.feature) await requireFeatureOn(call.ctx, call.meta.feature);
}

/**
 * A span per procedure call (`trpc products.list`, REST and /trpc alike) when tracing is on; its
 * queries' spans are its children. Without a tracer (tracing off) it only calls on. A step's
 * thrown error is recorded as tRPC would hand it on (getTRPCErrorFromUnknown), then rethrown.
 */
function traced<Result extends Outcome>(call: Call, run: () => Promise<Result>): Promise<Result> {
  const tracer = call.ctx.tracer;
  if (!tracer) return run();
  const { path, type } = call;
  return tracer.startActiveSpan(
    `trpc ${path}`,
    { attributes: { 'rpc.system': 'trpc', 'rpc.method': path, 'trpc.type': type } },
    async (span) => {
      const record = (error: unknown) => {
        const { status, body } = toErrorResponse(error);
        span.setAttribute('app.error_code', body.error_code);
        // A client's error (4xx) is an answer, not a failure of the call.
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: body.message });
      };
      try {
        const result = await run();
        if (!result.ok && 'error' in result) record(result.error);
        return result;
      } catch (error) {
        record(getTRPCErrorFromUnknown(error));
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Every kind starts here: the span, then the declared success status (meta `successStatus`). */
function framed<Result extends Outcome>(call: Call, run: () => Promise<Result>): Promise<Result> {
  return traced(call, async () => {
    if (call.meta?.successStatus) call.ctx.response.status = call.meta.successStatus;
    return call.meta?.changesCatalog ? afterCatalogWrite(call, await run(), 'products') : run();
  });
}

/**
 * HTTP caching of public catalogue reads (REST only): a 200 carries the catalogue's ETag and
 * Cache-Control. The ETag is the catalogue version (catalog-version.ts), which every admin
 * change, order (stock) and review moves. A request whose If-None-Match still matches never gets
 * here: the REST layer answers its 304 first (apps/api/src/http/rest.ts).
 */
async function withCatalogHeaders<Result extends Outcome>(
  call: Call,
  run: () => Promise<Result>,
): Promise<Result> {
  const conditional = call.ctx.request.conditional;
  if (!call.meta?.cacheable || !conditional) return run();
  const revalidation = await revalidateCatalogRead(call.ctx.services.catalog.version, conditional);
  const result = await run();
  // Errors (404 unknown id, 422) are not cacheable copies of the resource; an unreadable version
  // (the database is unreachable) gives no headers.
  if (result.ok && revalidation) Object.assign(call.ctx.response.headers, revalidation.headers);
  return result;
}

/** An authenticated request from the app: it also counts as a sync heartbeat (docs/contract.md §5). */
async function customerSession(call: Call): Promise<AuthenticatedSession> {
  const session = await call.ctx.services.auth.customerSession(call.ctx.request.authorization);
  if (session.user.role === 'guest' && !call.meta?.allowGuest) {
    throw new AppError('ACCOUNT_REQUIRED');
  }
  return session;
}

/**
 * Procedures with meta `idempotent` and a request with an Idempotency-Key: the key is claimed
 * for this customer (409 IDEMPOTENCY_CONFLICT while in flight or for a different body), the
 * procedure gets the claim as `ctx.idempotency`, and a failure frees the key for a retry.
 */
async function withIdempotency<Result extends Outcome>(
  call: Call,
  userId: number,
  run: (claim: IdempotencyClaim | undefined) => Promise<Result>,
): Promise<Result> {
  const key = call.ctx.request.idempotencyKey;
  if (!call.meta?.idempotent || key === undefined) return run(undefined);
  const { path } = call;
  // The operation is part of the request: a key reused on another cart operation with the same
  // body (clear, then remove-coupon) is a conflict, not a replay of the first one's answer.
  const request =
    path === 'checkout.placeOrder'
      ? await call.getRawInput()
      : { path, input: await call.getRawInput() };
  const idempotency = call.ctx.services.checkout.idempotency;
  const claim = await idempotency.claim(userId, key, request);
  let result: Result;
  try {
    result = await run(claim);
  } catch (error) {
    await idempotency.release(userId, key);
    throw error;
  }
  if (!result.ok) await idempotency.release(userId, key);
  return result;
}

/**
 * The admin step: a staff member with the procedure's permission (their role's,
 * docs/admin-panel.md "Roles"): 403 FORBIDDEN otherwise, whose error data names the
 * `missing_permission`. A procedure without a declared permission answers 403 to everyone.
 * Every admin mutation counts as a catalogue change (one rule instead of a list to keep up).
 */
async function asStaffMember<Result extends Outcome>(
  call: Call,
  session: AuthenticatedSession,
  run: (staff: StaffAccess) => Promise<Result>,
): Promise<Result> {
  if (session.user.role !== 'admin') throw new AppError('FORBIDDEN');
  const staff = await call.ctx.services.customer.staff.access(session.user.id);
  const permission = call.meta?.permission;
  if (permission !== 'self' && (!permission || !staff.permissions.includes(permission))) {
    throw new AppError(
      'FORBIDDEN',
      permission
        ? `Your role does not allow this (it needs the ${permission} permission).`
        : undefined,
      permission ? { missingPermission: permission } : {},
    );
  }
  return afterCatalogWrite(call, await run(staff), 'anything');
}

/** Public: the span and status, catalogue caching headers, the input and feature checks. */
const publicCall = t.middleware((call) =>
  framed(call, () =>
    withCatalogHeaders(call, async () => {
      await checkInputAndFeature(call);
      return call.next();
    }),
  ),
);

/**
 * Resolves the bearer token to a session; every failure is the same 401. Does not count as a
 * sync heartbeat (used by the admin panel's own status reads).
 */
const authenticatedCall = t.middleware((call) =>
  framed(call, async () => {
    const session = await call.ctx.services.auth.sessions.authenticate(
      call.ctx.request.authorization,
    );
    await checkInputAndFeature(call);
    return call.next({ ctx: { session } });
  }),
);

/** A customer (or, with meta `allowGuest`, a guest): session, idempotency, then the checks. */
const customerCall = t.middleware((call) =>
  framed(call, async () => {
    const session = await customerSession(call);
    return withIdempotency(call, session.user.id, async (idempotency) => {
      await checkInputAndFeature(call);
      return call.next({ ctx: { session, idempotency } });
    });
  }),
);

/** A staff member: the customer's session (no idempotency), the admin step, then the checks. */
const staffCall = t.middleware((call) =>
  framed(call, async () => {
    const session = await customerSession(call);
    return asStaffMember(call, session, (staff) =>
      // A mutation writes its audit row in its own transaction (audit-context.ts).
      auditedMutation({
        ...call,
        actor: { id: session.user.id, email: staff.email },
        next: async () => {
          await checkInputAndFeature(call);
          return call.next({ ctx: { session, staff } });
        },
      }),
    );
  }),
);

export const publicProcedure = t.procedure.use(publicCall);

/** A public catalogue read: same answer for everyone, so REST clients may cache it (ETag). */
export const catalogReadProcedure = publicProcedure.meta({ cacheable: true });

export const authenticatedProcedure = t.procedure.use(authenticatedCall);

export const customerProcedure = t.procedure.use(customerCall);

/** A customer procedure a guest session may call as well (cart, checkout, its own orders). */
export const shopperProcedure = customerProcedure.meta({ allowGuest: true });

const staffProcedure = t.procedure.use(staffCall);

/** An admin procedure requiring `permission` (declared in its definition; the walking test checks). */
export const adminProcedure = (permission: Permission | 'self') =>
  staffProcedure.meta({ permission });
