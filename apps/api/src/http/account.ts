import { ZDeleteAccountInput } from '@storefront/routers';
import { ok } from '@storefront/routers/envelope';
import type { Services } from '@storefront/routers/services';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { requireCustomer, sessionOf } from './customer-session';

/**
 * DELETE /api/v1/auth/account `{password}` (or `{code}`, `{id_token, provider}` for an account
 * without a password): trpc-to-openapi reads no DELETE body, and the proof must not travel in
 * the query (logs), so this one route is plain Express; the rules live in the account slice
 * (account.service.ts). A bad body is a zod error: 422 naming its fields.
 */
export function createDeleteAccountRoute(services: Services): RequestHandler[] {
  const remove = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const proof = ZDeleteAccountInput.parse(req.body ?? {});
      const result = await services.customer.account.deleteOwn(sessionOf(res).user.id, proof);
      res.json(ok(result, 'Your account was deleted.'));
    } catch (error) {
      next(error);
    }
  };
  return [requireCustomer(services), express.json({ limit: '16kb' }), remove];
}
