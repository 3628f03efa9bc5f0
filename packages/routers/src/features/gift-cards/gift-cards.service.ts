import { AppError, validationError } from '../../errors';
import { amountToCents, centsToAmount } from '../../money';
import { metaFor, pageOffset } from '../../pagination';
import type { Clock, JobEnqueuer, RateLimiter } from '../../ports';
import { consumeOrRefuse } from '../../rate-limit';
import type { InTransaction } from '../../transactions';
import { toIso, toIsoOrNull } from '../../zod-helpers';
import type { CartRecord } from '../cart';
import { enqueueMail } from '../mail';
import { generateGiftCardCode, hashGiftCardCode, last4Of } from './gift-card-code';
import type { GiftCardRecord, GiftCardsRepository } from './gift-cards.repository';
import type { GiftCardListInput, IssueGiftCardInput } from './gift-cards.schemas';
import type { StoreCreditCodes } from './store-credit-code';

/** At most this many cards on one cart. */
export const MAX_CARDS_PER_CART = 3;

/** What the cart's own mutations need of the cart slice: its open cart, locked. */
export interface CartAccess {
  openCart(userId: number, options?: { lock: boolean }): Promise<CartRecord>;
  touchContents(cartId: number, options?: { creditsApplied?: true }): Promise<void>;
}

export interface GiftCardsTx {
  giftCards: GiftCardsRepository;
  cart: CartAccess;
  jobs: JobEnqueuer;
}

export interface GiftCardsServiceDeps {
  repo: GiftCardsRepository;
  inTransaction: InTransaction<GiftCardsTx>;
  clock: Clock;
  /** Every lookup and apply by code, per customer (20 an hour): guessing is the attack. */
  lookupLimiter: RateLimiter;
  defaultCurrency: () => Promise<string>;
  /** Opens the sealed codes of the customer's store credit (store-credit-code.ts). */
  storeCreditCodes: StoreCreditCodes;
}

const notFound = () => new AppError('GIFT_CARD_NOT_FOUND', 'No active gift card has this code.');

const toAdminCard = (card: GiftCardRecord) => ({
  id: card.id,
  last4: card.last4,
  balance: centsToAmount(card.balanceCents),
  currency: card.currency,
  status: card.status,
  expires_at: toIsoOrNull(card.expiresAt),
  recipient_email: card.recipientEmail,
  message: card.message,
  created_at: toIso(card.createdAt),
});

export function createGiftCardsService(deps: GiftCardsServiceDeps) {
  const { repo, clock } = deps;

  /**
   * A code as a customer typed it → its active card. Each lookup takes a slot of the customer's
   * hourly budget before the code is looked up, in one atomic step of the limiter: a batch of
   * concurrent guesses cannot all pass one check, and a real code answers nothing more than a
   * wrong one once the budget is spent (429 with Retry-After until the window passes).
   */
  async function resolve(userId: number, code: string): Promise<GiftCardRecord> {
    await consumeOrRefuse(
      deps.lookupLimiter,
      String(userId),
      'Too many gift card lookups. Try again later.',
    );
    const card = await repo.findByHash(hashGiftCardCode(code));
    if (card?.status !== 'active') throw notFound();
    if (card.expiresAt && card.expiresAt <= clock.now()) {
      throw new AppError('GIFT_CARD_EXPIRED', `Gift card …${card.last4} has expired.`);
    }
    return card;
  }

  return {
    async balance(userId: number, code: string) {
      const card = await resolve(userId, code);
      return {
        last4: card.last4,
        balance: centsToAmount(card.balanceCents),
        currency: card.currency,
        expires_at: toIsoOrNull(card.expiresAt),
        status: card.status,
      };
    },

    /** Applies a card to the customer's open cart (at most 3, each once). */
    async apply(userId: number, code: string): Promise<void> {
      const card = await resolve(userId, code);
      await deps.inTransaction(async (tx) => {
        const cart = await tx.cart.openCart(userId, { lock: true });
        const applied = await tx.giftCards.cartCards(cart.id);
        if (applied.some((other) => other.id === card.id)) {
          throw new AppError('VALIDATION_ERROR', 'This gift card is already applied.', {
            fieldErrors: { gift_card_code: ['This gift card is already applied to your cart.'] },
          });
        }
        if (applied.length >= MAX_CARDS_PER_CART) {
          throw new AppError('VALIDATION_ERROR', 'At most 3 gift cards per cart.', {
            fieldErrors: { gift_card_code: [`At most ${MAX_CARDS_PER_CART} gift cards per cart.`] },
          });
        }
        await tx.giftCards.addToCart(cart.id, card.id);
        // A new amount due: a gateway order issued for the old one no longer fits.
        await tx.cart.touchContents(cart.id, { creditsApplied: true });
      });
    },

    /** Takes a card off the cart; a code not on it answers 404 GIFT_CARD_NOT_FOUND. */
    async remove(userId: number, code: string): Promise<void> {
      const hash = hashGiftCardCode(code);
      await deps.inTransaction(async (tx) => {
        const cart = await tx.cart.openCart(userId, { lock: true });
        const applied = await tx.giftCards.cartCards(cart.id);
        const card = applied.find((c) => c.codeHash === hash);
        if (!card) throw notFound();
        await tx.giftCards.removeFromCart(cart.id, card.id);
        await tx.cart.touchContents(cart.id);
      });
    },

    async issue(input: IssueGiftCardInput) {
      // Against the service's clock, not in the schema: a card born expired is a typo.
      if (input.expires_at && new Date(input.expires_at) <= clock.now()) {
        throw validationError({ expires_at: ['Must be in the future.'] });
      }
      const code = generateGiftCardCode();
      const amountCents = amountToCents(input.amount);
      const currency = await deps.defaultCurrency();
      const card = await deps.inTransaction(async (tx) => {
        const row = await tx.giftCards.insert({
          codeHash: hashGiftCardCode(code),
          last4: last4Of(code),
          currency,
          recipientEmail: input.recipient_email ?? null,
          message: input.message ?? null,
          expiresAt: input.expires_at ? new Date(input.expires_at) : null,
        });
        await tx.giftCards.addLedger([
          { giftCardId: row.id, amountCents, reason: 'issued', orderId: null },
        ]);
        // The recipient's e-mail is a durable job committed with the card (mail slice).
        if (row.recipientEmail) {
          await enqueueMail(tx.jobs, {
            kind: 'gift-card',
            giftCardId: row.id,
            code,
            to: row.recipientEmail,
            amountMinor: amountCents,
            currency,
            message: row.message,
            expiresAt: toIsoOrNull(row.expiresAt),
          });
        }
        return row;
      });
      return {
        id: card.id,
        code,
        last4: card.last4,
        balance: centsToAmount(amountCents),
        currency: card.currency,
        status: card.status,
        expires_at: toIsoOrNull(card.expiresAt),
      };
    },

    /**
     * GET /customer/store-credit: the caller's own store-credit cards that can still pay
     * (active, not expired, a balance left, in the shop's currency), with their codes; the
     * balance is their sum. Spent, disabled or expired cards are not shown (docs/returns.md).
     */
    async storeCredit(userId: number) {
      const currency = await deps.defaultCurrency();
      const now = clock.now();
      const cards = (await repo.ownedBy(userId)).filter(
        (card) =>
          card.status === 'active' &&
          card.balanceCents > 0 &&
          card.currency === currency &&
          (card.expiresAt === null || card.expiresAt > now),
      );
      const shown = cards.flatMap((card) => {
        const code = card.codeSealed && deps.storeCreditCodes.open(card.codeSealed, card.codeHash);
        return code ? [{ card, code }] : [];
      });
      return {
        balance: centsToAmount(shown.reduce((total, { card }) => total + card.balanceCents, 0)),
        currency,
        cards: shown.map(({ card, code }) => ({
          code,
          last4: card.last4,
          balance: centsToAmount(card.balanceCents),
          expires_at: toIsoOrNull(card.expiresAt),
        })),
      };
    },

    async list(input: GiftCardListInput) {
      const { rows, total } = await repo.list({ status: input.status }, pageOffset(input));
      return { items: rows.map(toAdminCard), meta: metaFor(input, total) };
    },

    async get(id: number) {
      const card = await repo.find(id);
      if (!card) throw new AppError('NOT_FOUND', 'Gift card not found.');
      const ledger = await repo.ledger(id);
      return {
        ...toAdminCard(card),
        ledger: ledger.map((row) => ({
          amount: centsToAmount(row.amountCents),
          reason: row.reason,
          order_id: row.orderId,
          created_at: toIso(row.createdAt),
        })),
      };
    },

    /** The card can no longer be looked up, applied or spent; its ledger stays. */
    async disable(id: number) {
      const card = await repo.find(id);
      if (!card) throw new AppError('NOT_FOUND', 'Gift card not found.');
      await repo.setStatus(id, 'disabled');
      return toAdminCard({ ...card, status: 'disabled' });
    },
  };
}

export type GiftCardsService = ReturnType<typeof createGiftCardsService>;
