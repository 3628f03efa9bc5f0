import type { ReportedPayment } from './gateway';
import { gatewayCall, type RazorpayConfig, razorpaySdk } from './razorpay';

/*
 * Razorpay's payment links and customers (issue 40): COD orders paid online, and the customer
 * Razorpay keeps saved (tokenised) cards under. The shop stores no card data (SECURITY.md).
 */

/** A payment link as the shop keeps it (amount in minor units, expiry as a date). */
export interface CreatedPaymentLink {
  id: string;
  shortUrl: string;
  expiresAt: Date;
}

/** A payment link as Razorpay has it now (paymentLink.fetch): its state and what paid it. */
export interface PaymentLinkAtGateway {
  status: 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';
  /** The captured payment of a paid link (the link's currency, Razorpay's order for it). */
  payment: ReportedPayment | null;
}

/** A card saved at Razorpay (RBI tokenisation), as the customer sees it. */
export interface SavedCard {
  id: string;
  network: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
  issuer: string | null;
}

/** Links and customers at the gateway; undefined on a shop without Razorpay. */
export interface LinksGateway {
  createPaymentLink(args: {
    amountMinor: number;
    currency: string;
    /** The order number: Razorpay refuses a second link under the same one while it is open. */
    referenceId: string;
    description: string;
    expiresAt: Date;
    customer: { name: string; email: string | null; contact: string | null };
    notes: Record<string, string>;
  }): Promise<CreatedPaymentLink>;
  fetchPaymentLink(id: string): Promise<PaymentLinkAtGateway>;
  /** Razorpay refuses (PAYMENT_FAILED) a link no longer open: paid, expired or cancelled. */
  cancelPaymentLink(id: string): Promise<void>;
  /** The Razorpay customer with these details: Razorpay answers the existing one (fail_existing 0). */
  createCustomer(customer: {
    name: string;
    email: string | null;
    contact: string | null;
  }): Promise<string>;
  savedCards(customerId: string): Promise<SavedCard[]>;
  deleteSavedCard(customerId: string, tokenId: string): Promise<void>;
}

/** One entry of a fetched link's `payments` (Razorpay's payment-links API). */
interface LinkPayment {
  payment_id: string;
  amount: number | string;
  status: string;
}

/** Razorpay takes names of 3–50 letters; a shorter one is padded rather than refused. */
const razorpayName = (name: string) => name.trim().slice(0, 50).padEnd(3, '.');

const numberOrNull = (value: unknown) =>
  value === undefined || value === null || value === '' ? null : Number(value);

export function createRazorpayLinksGateway(config: RazorpayConfig): LinksGateway {
  const razorpay = razorpaySdk(config);
  return {
    async createPaymentLink(args) {
      const link = await gatewayCall(async () =>
        (await razorpay()).paymentLink.create({
          amount: args.amountMinor,
          currency: args.currency,
          accept_partial: false,
          reference_id: args.referenceId,
          description: args.description,
          expire_by: Math.floor(args.expiresAt.getTime() / 1000),
          customer: {
            name: razorpayName(args.customer.name),
            ...(args.customer.email ? { email: args.customer.email } : {}),
            ...(args.customer.contact ? { contact: args.customer.contact } : {}),
          },
          // The shop sends its own mail (the panel's "Send payment link"); Razorpay sends none.
          notify: { sms: false, email: false },
          reminder_enable: false,
          notes: args.notes,
        }),
      );
      return {
        id: link.id,
        shortUrl: link.short_url,
        expiresAt: new Date(Number(link.expire_by) * 1000),
      };
    },

    async fetchPaymentLink(id) {
      const link = await gatewayCall(async () => (await razorpay()).paymentLink.fetch(id));
      // Razorpay answers `payments` as a list (null until paid); razorpay-node types it as one.
      const payments = (link.payments ?? []) as unknown as LinkPayment[];
      const captured = [payments].flat().find((payment) => payment.status === 'captured');
      const orderId = (link as unknown as { order_id?: string | null }).order_id ?? null;
      return {
        status: link.status,
        payment: captured
          ? {
              paymentId: captured.payment_id,
              gatewayOrderId: orderId,
              amountMinor: Number(captured.amount),
              currency: String(link.currency),
            }
          : null,
      };
    },

    async cancelPaymentLink(id) {
      await gatewayCall(async () => (await razorpay()).paymentLink.cancel(id));
    },

    async createCustomer(customer) {
      const created = await gatewayCall(async () =>
        (await razorpay()).customers.create({
          name: razorpayName(customer.name),
          ...(customer.email ? { email: customer.email } : {}),
          ...(customer.contact ? { contact: customer.contact } : {}),
          fail_existing: 0,
        }),
      );
      return created.id;
    },

    async savedCards(customerId) {
      const tokens = await gatewayCall(async () =>
        (await razorpay()).customers.fetchTokens(customerId),
      );
      return tokens.items
        .filter((token) => token.method === 'card')
        .map((token) => ({
          id: token.id,
          network: token.card?.network ?? null,
          last4: token.card?.last4 ?? null,
          expiryMonth: numberOrNull(token.card?.expiry_month),
          expiryYear: numberOrNull(token.card?.expiry_year),
          issuer: token.card?.issuer ?? null,
        }));
    },

    async deleteSavedCard(customerId, tokenId) {
      await gatewayCall(async () => (await razorpay()).customers.deleteToken(customerId, tokenId));
    },
  };
}
