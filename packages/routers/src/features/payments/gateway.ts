import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors';

/**
 * The payment provider interface checkout and orders talk to. Razorpay (razorpay.ts), the
 * development gateway and cash on delivery implement it; refunds go through the same interface.
 */
export interface PaymentProvider {
  readonly kind: 'gateway' | 'offline';
  /** The key the app opens the gateway's checkout with; null for the development gateway. */
  readonly keyId: string | null;
  /**
   * Gateway methods: an order the client pays against (amount in minor units). Throws
   * DependencyUnavailableError (503) when the gateway cannot be reached or fails, PAYMENT_FAILED
   * (422) with the gateway's reason when it refuses.
   */
  createOrder(args: {
    amountMinor: number;
    currency: string;
    /** Names the checkout at the gateway (its dashboard shows it). */
    receipt: string;
    notes: Record<string, string>;
  }): Promise<{ id: string }>;
  /** Gateway methods: the client's proof of payment carries the gateway's signature. */
  signatureValid(proof: PaymentProof): boolean;
  /**
   * Gateway methods: the payment, as the gateway has it, is this order's, of this amount and
   * currency, and captured (an authorized one is captured here). Throws PAYMENT_FAILED with the
   * reason otherwise, DependencyUnavailableError when the gateway is down.
   */
  confirmCapturedPayment(payment: {
    gatewayOrderId: string;
    gatewayPaymentId: string;
    amountMinor: number;
    currency: string;
  }): Promise<void>;
  /**
   * Asks for `amountMinor` of the payment back (all or part of it). With a `receipt`, idempotent:
   * a refund the gateway already holds under that receipt is answered instead of a new one (a
   * job retried after the gateway answered refunds once). `settled`: the gateway has processed
   * it; otherwise ask `refundSettled` later. Throws like createOrder.
   */
  refund(args: RefundArgs): Promise<{ refundId: string | null; settled: boolean }>;
  /** Whether a refund the gateway accepted earlier has been processed. */
  refundSettled(refundId: string): Promise<boolean>;
  /**
   * Gateway methods: the payments made on a gateway order, as the gateway has them (the
   * reconciler's and payment-status's question when no webhook came). Throws like createOrder.
   */
  paymentsOf(gatewayOrderId: string): Promise<GatewayPayment[]>;
}

/** A payment as the gateway lists it: the payment and its state there. */
export interface GatewayPayment extends ReportedPayment {
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
}

/** A refund asked of a provider: how much of which payment, under the shop's receipt. */
export interface RefundArgs {
  paymentId: string;
  amountMinor: number;
  currency: string;
  /** The shop's unique name for this refund (order_refunds.receipt); none for unplaced payments. */
  receipt?: string | undefined;
  notes?: Record<string, string> | undefined;
}

export interface PaymentProof {
  gatewayOrderId: string;
  gatewayPaymentId: string;
  signature: string;
}

/** hex(HMAC-SHA256(secret, gateway_order_id + "|" + gateway_payment_id)), docs/contract.md §5. */
export function signPayment(
  secret: string,
  gatewayOrderId: string,
  gatewayPaymentId: string,
): string {
  return createHmac('sha256', secret).update(`${gatewayOrderId}|${gatewayPaymentId}`).digest('hex');
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** Whether `signature` is hex(HMAC-SHA256(secret, data)), compared in constant time. */
export function hmacSignatureValid(
  secret: string,
  data: string | Buffer,
  signature: string,
): boolean {
  if (!HEX_SHA256.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(data).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The checkout signature of a payment (Razorpay's and the development gateway's alike). */
export const signatureValid = (secret: string, proof: PaymentProof): boolean =>
  hmacSignatureValid(secret, `${proof.gatewayOrderId}|${proof.gatewayPaymentId}`, proof.signature);

export const paymentNotVerified = () =>
  new AppError('PAYMENT_FAILED', 'The payment could not be verified for this order.');

/**
 * The development gateway (no Razorpay account configured): it invents gateway order ids and
 * accepts a payment whose signature is made with PAYMENT_GATEWAY_SECRET; no money moves.
 */
export function createHmacGateway(secret: string): PaymentProvider {
  return {
    kind: 'gateway',
    keyId: null,
    async createOrder() {
      return { id: `gw_order_${randomBytes(12).toString('hex')}` };
    },
    signatureValid: (proof) => signatureValid(secret, proof),
    async confirmCapturedPayment() {
      // No gateway to ask: the signature is the whole proof here (and no webhook comes).
    },
    async refund({ receipt }) {
      // No gateway to ask: the receipt names the refund, so asking again answers the same one.
      const id = receipt
        ? createHmac('sha256', secret).update(receipt).digest('hex').slice(0, 24)
        : randomBytes(12).toString('hex');
      return { refundId: `gw_refund_${id}`, settled: true };
    },
    async refundSettled() {
      return true;
    },
    async paymentsOf() {
      // No gateway to ask: a payment here exists only as the app's signed proof.
      return [];
    },
  };
}

/** Cash on delivery: nothing to verify up front, nothing to refund at a gateway. */
export const cashOnDelivery: PaymentProvider = {
  kind: 'offline',
  keyId: null,
  async createOrder() {
    throw new Error('cash on delivery has no gateway order');
  },
  signatureValid: () => false,
  async confirmCapturedPayment() {
    throw new Error('cash on delivery has no gateway payment');
  },
  async refund() {
    return { refundId: null, settled: true };
  },
  async refundSettled() {
    return true;
  },
  async paymentsOf() {
    return [];
  },
};

/** A payment as a gateway's event reports it, in the shop's terms (amount in minor units). */
export interface ReportedPayment {
  paymentId: string;
  /** The gateway order it was paid against; null for payments made outside any order. */
  gatewayOrderId: string | null;
  amountMinor: number;
  currency: string;
}

/**
 * What a gateway's webhook event says, parsed by its provider (razorpay-events.ts) so the
 * payments slice never reads a provider's format. `subject` names the news (kind and payment or
 * refund id): the same news re-sent under another event id has the same subject.
 */
export type GatewayEvent =
  | { kind: 'captured'; subject: string; payment: ReportedPayment }
  /** Authorized, not captured yet (accounts with manual capture): the shop captures it. */
  | { kind: 'authorized'; subject: string; payment: ReportedPayment }
  | { kind: 'failed'; subject: string; payment: ReportedPayment; reason: string }
  | { kind: 'refund processed' | 'refund failed'; subject: string; refundId: string }
  /** A payment link of the shop's was paid (`payment_link.paid`): `payment` is its payment. */
  | { kind: 'link paid'; subject: string; linkId: string; payment: ReportedPayment }
  /** The speed the gateway now processes a refund at (Razorpay: `instant` or `normal`). */
  | { kind: 'refund speed changed'; subject: string; refundId: string; speed: string }
  | { kind: 'other'; subject: string | null; payment?: ReportedPayment };
