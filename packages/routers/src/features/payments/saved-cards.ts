import { AppError } from '../../errors';
import type { PaymentLinksRepository } from './payment-links.repository';
import type { LinksGateway, SavedCard } from './razorpay-links';

/*
 * Saved cards (issue 40; docs/contract.md, "Saved cards"): RBI tokenisation lives at Razorpay,
 * under one Razorpay customer per shop customer; the shop keeps that customer's id only.
 */

/** Erases a deleted account's saved cards at Razorpay (a durable job: the gateway may be down). */
export const SAVED_CARDS_ERASE_QUEUE = 'saved-cards-erase';
export interface SavedCardsEraseJob {
  customerId: string;
}

export interface SavedCardsDeps {
  customers: Pick<PaymentLinksRepository, 'customerId' | 'recordCustomer'>;
  gateway: LinksGateway | undefined;
  /** The account's name, e-mail and phone (auth's users); undefined for an unknown account. */
  account(
    userId: number,
  ): Promise<{ name: string; email: string | null; phone: string; guest: boolean } | undefined>;
}

export const toSavedCardDto = (card: SavedCard) => ({
  id: card.id,
  network: card.network,
  last4: card.last4,
  expiry_month: card.expiryMonth,
  expiry_year: card.expiryYear,
  issuer: card.issuer,
});

const cardNotFound = () => new AppError('NOT_FOUND', 'Saved card not found.');

export function createSavedCards(deps: SavedCardsDeps) {
  return {
    /**
     * The customer's Razorpay customer id, created at Razorpay on first use (outside any
     * transaction); null for guests and on a shop without Razorpay. Checkout's gateway order
     * carries it so Razorpay Checkout offers the saved cards.
     */
    async gatewayCustomerId(userId: number): Promise<string | null> {
      if (!deps.gateway) return null;
      const known = await deps.customers.customerId(userId);
      if (known) return known;
      const account = await deps.account(userId);
      if (!account || account.guest) return null;
      const created = await deps.gateway.createCustomer({
        name: account.name,
        email: account.email,
        contact: account.phone || null,
      });
      return deps.customers.recordCustomer(userId, created);
    },

    /** The id recorded for the customer, without asking Razorpay (checkout's state). */
    async knownCustomerId(userId: number): Promise<string | null> {
      if (!deps.gateway) return null;
      return (await deps.customers.customerId(userId)) ?? null;
    },

    /** GET /customer/saved-cards: none before the customer's first card checkout. */
    async list(userId: number) {
      const customerId = await deps.customers.customerId(userId);
      if (!customerId || !deps.gateway) return [];
      return (await deps.gateway.savedCards(customerId)).map(toSavedCardDto);
    },

    /** DELETE /customer/saved-cards/{id}: only a card of the customer's own (else 404). */
    async remove(userId: number, tokenId: string): Promise<null> {
      const customerId = await deps.customers.customerId(userId);
      if (!customerId || !deps.gateway) throw cardNotFound();
      const cards = await deps.gateway.savedCards(customerId);
      if (!cards.some((card) => card.id === tokenId)) throw cardNotFound();
      await deps.gateway.deleteSavedCard(customerId, tokenId);
      return null;
    },

    /** The erase job: every token of a deleted account's Razorpay customer. */
    async eraseAtGateway(job: SavedCardsEraseJob): Promise<void> {
      if (!deps.gateway) return;
      for (const card of await deps.gateway.savedCards(job.customerId)) {
        await deps.gateway.deleteSavedCard(job.customerId, card.id);
      }
    },
  };
}

export type SavedCards = ReturnType<typeof createSavedCards>;
