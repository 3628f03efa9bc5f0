import type { AddressSnapshot } from '@storefront/db/schema';

/*
 * What the mail slice reads from the rest of the shop, declared here so that mail stays on the
 * low floor (it imports no other slice; docs/architecture.md "Money flows one way"): the
 * composition root hands it auth's users, orders' service and auth's link tokens, which fit
 * these shapes.
 */

/** An account as an e-mail needs it. */
export interface MailRecipient {
  id: number;
  name: string;
  email: string | null;
  blockedAt: Date | null;
  deletedAt: Date | null;
  /** Set once the account has a password (an invited staff member's, once accepted). */
  passwordHash?: string | null;
}

/** The order statuses that send an e-mail of their own. */
export type MailedOrderStatus = 'processing' | 'shipped' | 'completed';

/** An order line as the e-mails print it. */
export interface MailOrderItem {
  id: number;
  product_name: string;
  variant_name: string | null;
  quantity: number;
  total: number;
}

/** An order as the e-mails print it: the fields of the API's order they read. */
export interface MailOrder {
  order_number: string;
  payment_method: string;
  payment_status: string;
  shipping_method: string;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  currency: string;
  coupon_code: string | null;
  gift_cards: Array<{ last4: string; amount: number }>;
  gift_card_amount: number;
  loyalty_points: number;
  loyalty_amount: number;
  amount_due: number;
  items: MailOrderItem[];
  shipping_address: AddressSnapshot;
  billing_address: AddressSnapshot;
  cancel_reason: string | null;
}

/** Where a shipped order is. */
export interface Shipment {
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

export interface MailUsers {
  findById(id: number): Promise<MailRecipient | undefined>;
}

export interface MailOrders {
  findWithOwner(id: number): Promise<
    | {
        userId: number;
        /** The shipping address's e-mail: a guest's only one. */
        checkoutEmail: string | null;
        order: MailOrder;
        shipment: Shipment;
      }
    | undefined
  >;
}

/** Mints the token of a reset or verification link when its job runs; undefined: already used. */
export type MailLinkTokens = Record<
  'reset' | 'verification' | 'invite',
  (userId: number, jobId: string) => Promise<string | undefined>
>;
