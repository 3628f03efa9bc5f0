import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { ZNullEnvelope } from '../../envelope';
import type { ErrorCode } from '../../errors';
import { ZDeleteAccountInput } from './account.schemas';

/**
 * DELETE with a body, which trpc-to-openapi does not read (DELETE inputs come from the query,
 * where a password would be logged): a plain Express route calling `account.deleteOwn`
 * (apps/api/src/http/account.ts); this entry puts it in the OpenAPI document.
 */
export const deleteAccountPath: ZodOpenApiPathsObject = {
  '/auth/account': {
    delete: {
      operationId: 'auth-deleteAccount',
      tags: ['auth'],
      summary: 'Delete my account',
      description:
        'Deletes the account after the customer proves it again: the password (wrong or missing → 422 errors.password). An account without a password (made by phone code, Apple or Google) sends instead `code`, a code POST /auth/otp/request sent to its verified phone, or `id_token` with `provider`, an unused ID token of its linked Apple or Google account issued within 10 minutes (wrong or missing → 422 naming errors.code, errors.id_token or errors.provider). Wrong or missing proofs count against the account’s failed-login budget, 5 in 15 minutes, then 429 with Retry-After. Orders still processing, shipped or paid and pending answer 422 ACCOUNT_HAS_OPEN_ORDERS naming their numbers in errors.orders; pending unpaid orders are cancelled first, and an order placed while the deletion runs keeps the account (422 ACCOUNT_HAS_OPEN_ORDERS). Then, at once: every session is revoked; devices, addresses, cart, wishlist, avatar, link tokens, linked Apple/Google accounts and the loyalty points ledger are deleted; gift cards sent to the address forget it; reviews stay under "Deleted customer"; orders stay for the shop\'s accounts without the name, e-mail and phone (docs/privacy.md). A confirmation e-mail goes to the address. The address can register again; the old password no longer signs in. The last active Owner of the back office cannot be deleted.',
      security: [{ Authorization: [] }],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: ZDeleteAccountInput } },
      },
      responses: {
        200: {
          description: 'The account is deleted',
          content: { 'application/json': { schema: ZNullEnvelope } },
        },
      },
    },
  },
};

/**
 * Its errors besides those of its shape (see openapi.ts). ACCOUNT_REQUIRED: a guest session has
 * no account to delete (requireCustomer refuses it, as procedures refuse guests).
 */
export const deleteAccountOperation = {
  path: '/auth/account',
  method: 'delete' as const,
  errors: [
    'ACCOUNT_HAS_OPEN_ORDERS',
    'VALIDATION_ERROR',
    'RATE_LIMITED',
    'ACCOUNT_REQUIRED',
  ] as ErrorCode[],
};
