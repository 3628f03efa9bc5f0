import { SOCIAL_PROVIDERS } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope } from '../../envelope';
import { zDateTime, zId } from '../../zod-helpers';

/**
 * The account proves itself again: a stolen phone's open session alone cannot delete it. An
 * account with a password sends it; one without (made by phone code, Apple or Google) sends a
 * fresh code sent to its phone or a fresh ID token of its linked Apple or Google account.
 */
export const ZDeleteAccountInput = z.object({
  password: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: 'The current password (required when the account has one).' }),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'Must be the 6-digit code.' })
    .optional()
    .meta({
      description:
        'An account without a password: the code POST /auth/otp/request sent to its verified phone.',
    }),
  id_token: z.string().trim().min(1).max(8192).optional().meta({
    description:
      'An account without a password: a fresh ID token (issued within 10 minutes, never used) of its linked Apple or Google account.',
  }),
  provider: z
    .enum(SOCIAL_PROVIDERS)
    .optional()
    .meta({ description: 'Whose ID token `id_token` is (required with it).' }),
});
export type DeleteAccountInput = z.infer<typeof ZDeleteAccountInput>;

export const ZAdminDeleteCustomerInput = z.object({ id: zId() });

/** A row as stored: an object of its columns (snake_case, dates as ISO strings). */
const ZRow = z.unknown().meta({ description: 'A row as stored, its columns in snake_case' });
const ZRows = z.array(ZRow);

export const ZAccountExport = z
  .object({
    exported_at: zDateTime(),
    profile: z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      date_of_birth: z.string().nullable(),
      gender: z.string().nullable(),
      avatar_url: z.string().nullable(),
      email_verified_at: zDateTime().nullable(),
      created_at: zDateTime(),
    }),
    addresses: ZRows,
    orders: z.array(z.object({ order: ZRow, items: ZRows, events: ZRows })),
    /** The customer's returns, each with its `items` and `events` (issue 38). */
    returns: z.array(z.object({ return: ZRow, items: ZRows, events: ZRows })),
    reviews: ZRows,
    wishlist: ZRows,
    /** Devices as registered (their push tokens included: they are the customer's data). */
    devices: ZRows,
    /** Loyalty points earned, redeemed, returned, expired and adjusted, oldest first. */
    loyalty_ledger: ZRows,
    /** Gift cards sent to the customer's e-mail address (last 4 characters, never the code). */
    gift_cards_received: ZRows,
    /** Store credit owned by the customer: each card's last 4 and balance, never the code. */
    store_credit: ZRows,
    notification_preferences: z.object({
      order_updates: z.boolean(),
      wishlist_alerts: z.boolean(),
      promotions: z.boolean(),
    }),
  })
  .meta({ id: 'AccountExport' });
export type AccountExport = z.infer<typeof ZAccountExport>;

export const ZAccountExportOutput = envelope(ZAccountExport);
