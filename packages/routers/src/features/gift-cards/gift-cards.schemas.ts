import { GIFT_CARD_LEDGER_REASONS, GIFT_CARD_STATUSES } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope, paginatedEnvelope } from '../../envelope';
import { pageQuery } from '../../pagination';
import { zAmount, zDateTime, zId } from '../../zod-helpers';

const zCode = () => z.string().trim().min(1).max(64);

export const ZGiftCardBalanceInput = z.object({ code: zCode() });
export const ZApplyGiftCardInput = z.object({ gift_card_code: zCode() });

export const ZGiftCardBalance = z
  .object({
    last4: z.string(),
    balance: z.number(),
    currency: z.string(),
    expires_at: zDateTime().nullable(),
    status: z.enum(GIFT_CARD_STATUSES),
  })
  .meta({ id: 'GiftCardBalance' });
export const ZGiftCardBalanceOutput = envelope(ZGiftCardBalance);

export const ZIssueGiftCardInput = z.object({
  amount: zAmount().refine((v) => v > 0, { message: 'Must be greater than 0.' }),
  recipient_email: z.email().max(254).nullable().optional(),
  message: z.string().trim().max(1000).nullable().optional(),
  expires_at: zDateTime().nullable().optional(),
});
export type IssueGiftCardInput = z.infer<typeof ZIssueGiftCardInput>;

const adminCardFields = {
  id: z.number().int(),
  last4: z.string(),
  balance: z.number(),
  currency: z.string(),
  status: z.enum(GIFT_CARD_STATUSES),
  expires_at: zDateTime().nullable(),
};

export const ZIssuedGiftCard = z
  .object({ ...adminCardFields, code: z.string().meta({ description: 'Shown only here, once' }) })
  .meta({ id: 'IssuedGiftCard' });
export const ZIssuedGiftCardOutput = envelope(ZIssuedGiftCard);

export const ZAdminGiftCard = z
  .object({
    ...adminCardFields,
    recipient_email: z.string().nullable(),
    message: z.string().nullable(),
    created_at: zDateTime(),
  })
  .meta({ id: 'AdminGiftCard' });
export const ZAdminGiftCardOutput = envelope(ZAdminGiftCard);
export const ZAdminGiftCardListOutput = paginatedEnvelope(ZAdminGiftCard);
export const ZGiftCardListInput = z.object({
  ...pageQuery,
  status: z.enum(GIFT_CARD_STATUSES).optional(),
});
export type GiftCardListInput = z.infer<typeof ZGiftCardListInput>;

export const ZAdminGiftCardDetail = ZAdminGiftCard.extend({
  ledger: z.array(
    z.object({
      amount: z.number(),
      reason: z.enum(GIFT_CARD_LEDGER_REASONS),
      order_id: z.number().int().nullable(),
      created_at: zDateTime(),
    }),
  ),
}).meta({ id: 'AdminGiftCardDetail' });
export const ZAdminGiftCardDetailOutput = envelope(ZAdminGiftCardDetail);
export const ZGiftCardIdInput = z.object({ id: zId() });

export const ZStoreCredit = z
  .object({
    balance: z.number().meta({ description: 'The sum of the cards below' }),
    currency: z.string(),
    cards: z.array(
      z.object({
        code: z.string().meta({ description: 'Enter it like any gift card code at checkout' }),
        last4: z.string(),
        balance: z.number(),
        expires_at: zDateTime().nullable(),
      }),
    ),
  })
  .meta({ id: 'StoreCredit' });
export const ZStoreCreditOutput = envelope(ZStoreCredit);
