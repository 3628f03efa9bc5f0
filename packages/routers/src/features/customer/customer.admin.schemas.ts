import { SOCIAL_PROVIDERS, USER_ROLES } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope, paginatedEnvelope } from '../../envelope';
import { pageQuery } from '../../pagination';
import { zDateTime, zId } from '../../zod-helpers';
import { email, newPassword, ZUser } from '../auth';

export const ZAdminCustomer = ZUser.extend({
  role: z.enum(USER_ROLES),
  blocked_at: zDateTime().nullable(),
  sign_in_methods: z.array(z.enum(['password', 'phone', ...SOCIAL_PROVIDERS])).meta({
    description: 'How the account signs in: e-mail and password, SMS code, Apple, Google',
  }),
  /** The customer deleted the account (its row stays, emptied, for the orders): docs/privacy.md. */
  deleted_at: zDateTime().nullable(),
}).meta({ id: 'AdminCustomer' });

export const ZAdminCustomerListInput = z.object({
  ...pageQuery,
  search: z.string().trim().min(1).max(100).optional(),
});
export const ZAdminCustomerListOutput = paginatedEnvelope(ZAdminCustomer);
export const ZAdminCustomerOutput = envelope(ZAdminCustomer);
export const ZBlockInput = z.object({ id: zId(), blocked: z.boolean() });

export const ZAdminListOutput = envelope(z.array(ZAdminCustomer));
export const ZAdminInviteInput = z.object({
  name: z.string().trim().min(1).max(255),
  email: email(),
  password: newPassword().meta({
    description: 'The new admin signs in with it (8–128 characters)',
  }),
});
