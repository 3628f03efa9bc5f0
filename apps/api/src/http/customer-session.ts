import type { AuthenticatedSession } from '@storefront/routers';
import { AppError, validationError } from '@storefront/routers/errors';
import type { Services } from '@storefront/routers/services';
import { parseIdString } from '@storefront/routers/zod-helpers';
import type { Request, RequestHandler, Response } from 'express';

/*
 * The two REST routes trpc-to-openapi cannot carry (multipart avatar, binary invoice) are plain
 * Express. These give them what customerProcedure gives procedures, from the same functions:
 * one session resolution (with its sync heartbeat), one id rule.
 */

/**
 * Resolves the bearer token like customerProcedure (401 otherwise; a guest 403 ACCOUNT_REQUIRED
 * unless `allowGuest`, like shopperProcedure); read it with sessionOf.
 */
export function requireCustomer(
  services: Services,
  options: { allowGuest?: boolean } = {},
): RequestHandler {
  return (req, res, next) => {
    services.auth
      .customerSession(req.headers.authorization)
      .then((session) => {
        if (session.user.role === 'guest' && !options.allowGuest) {
          throw new AppError('ACCOUNT_REQUIRED');
        }
        res.locals.session = session;
        next();
      })
      .catch(next);
  };
}

/** The session requireCustomer resolved for this request. */
export function sessionOf(res: Response): AuthenticatedSession {
  const session = res.locals.session as AuthenticatedSession | undefined;
  if (!session) throw new Error('sessionOf: requireCustomer did not run before this handler');
  return session;
}

/** A path parameter as an id; 422 naming the parameter otherwise (as procedures answer). */
export function pathId(req: Request, name: string): number {
  const id = parseIdString(String(req.params[name]));
  if (id === undefined) throw validationError({ [name]: ['Must be a whole number.'] });
  return id;
}
