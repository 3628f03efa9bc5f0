import type { JobEnqueuer } from '../../ports';
import { enqueueMail } from '../mail';
import { generateGiftCardCode, hashGiftCardCode, last4Of } from './gift-card-code';
import type { GiftCardsRepository } from './gift-cards.repository';
import type { StoreCreditCodes } from './store-credit-code';

/*
 * Store credit (issue 38, docs/returns.md): a refund given back as a gift card issued to the
 * order's customer, in the refund's transaction. One card per refund row (a unique index on
 * `refund_id`); no expiry; usable at once like any gift card (apply-gift-card at checkout).
 */

export interface StoreCreditIssue {
  ownerUserId: number;
  orderId: number;
  /** The ledger row (`store_credit_cents`) the card gives back. */
  refundId: number;
  amountCents: number;
  currency: string;
  /** Named in the e-mail: the return refunded. */
  returnNumber: string;
}

/** Issues the card (its code sealed for the owner), its `issued` row and the durable e-mail. */
export async function issueStoreCredit(
  tx: { giftCards: GiftCardsRepository; jobs: JobEnqueuer },
  codes: StoreCreditCodes,
  issue: StoreCreditIssue,
): Promise<{ id: number; last4: string }> {
  const code = generateGiftCardCode();
  const codeHash = hashGiftCardCode(code);
  const card = await tx.giftCards.insert({
    codeHash,
    last4: last4Of(code),
    currency: issue.currency,
    ownerUserId: issue.ownerUserId,
    codeSealed: codes.seal(code, codeHash),
    refundId: issue.refundId,
  });
  await tx.giftCards.addLedger([
    {
      giftCardId: card.id,
      amountCents: issue.amountCents,
      reason: 'issued',
      orderId: issue.orderId,
    },
  ]);
  await enqueueMail(tx.jobs, {
    kind: 'store-credit',
    orderId: issue.orderId,
    giftCardId: card.id,
    code,
    amountMinor: issue.amountCents,
    currency: issue.currency,
    returnNumber: issue.returnNumber,
  });
  return { id: card.id, last4: card.last4 };
}
