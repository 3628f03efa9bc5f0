import { ok } from '@storefront/routers/envelope';
import { validationError } from '@storefront/routers/errors';
import type { Services } from '@storefront/routers/services';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { requireCustomer, sessionOf } from './customer-session';

/**
 * DELETE /api/v1/auth/account `{password}`: trpc-to-openapi reads no DELETE body, and the
 * password must not travel in the query (logs), so this one route is plain Express; the rules
 * live in the account slice (account.service.ts).
 */
export function createDeleteAccountRoute(services: Services): RequestHandler[] {
  const remove = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const password: unknown = req.body?.password;
      if (typeof password !== 'string' || password.length === 0 || password.length > 255) {
        throw validationError({ password: ['The password is required.'] });
      }
      const result = await services.customer.account.deleteOwn(sessionOf(res).user.id, password);
      res.json(ok(result, 'Your account was deleted.'));
    } catch (error) {
      next(error);
    }
  };
  return [requireCustomer(services), express.json({ limit: '16kb' }), remove];
}
