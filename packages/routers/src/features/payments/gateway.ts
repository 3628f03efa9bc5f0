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
  /**
   * Gateway methods: the client's proof of payment is genuine and the payment is this order's,
   * of this amount and currency, and captured (an authorized one is captured here). Throws
   * PAYMENT_FAILED with the reason otherwise, DependencyUnavailableError when the gateway is down.
   */
  confirmPayment(payment: PaymentProof & { amountMinor: number; currency: string }): Promise<void>;
  /**
   * The same check of the payment at the gateway, without the client's signature: for a payment
   * a signed webhook reported (payment-events.ts).
   */
  confirmCapturedPayment(payment: {
    gatewayOrderId: string;
    gatewayPaymentId: string;
    amountMinor: number;
    currency: string;
  }): Promise<void>;
  /** Returns a refund reference; offline payments have nothing to refund at the gateway. */
  /**
   * Asks for the whole payment back. `settled`: the gateway has processed it; otherwise ask
   * `refundSettled` later. Throws like createOrder.
   */
  refund(args: {
    paymentId: string;
    amountMinor: number;
    currency: string;
  }): Promise<{ refundId: string | null; settled: boolean }>;
  /** Whether a refund the gateway accepted earlier has been processed. */
  refundSettled(refundId: string): Promise<boolean>;
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

/**
 * The card/wallet gateway as far as this server is concerned: it issues gateway order ids and
 * verifies the signature the gateway gives the client after payment (a constant-time compare).
 */
export function signatureValid(secret: string, proof: PaymentProof): boolean {
  if (!HEX_SHA256.test(proof.signature)) return false;
  const expected = Buffer.from(
    signPayment(secret, proof.gatewayOrderId, proof.gatewayPaymentId),
    'hex',
  );
  return timingSafeEqual(expected, Buffer.from(proof.signature, 'hex'));
}

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
    async confirmPayment(payment) {
      if (!signatureValid(secret, payment)) throw paymentNotVerified();
    },
    async confirmCapturedPayment() {
      // No gateway to ask: the development gateway has no webhooks either.
    },
    async refund() {
      return { refundId: `gw_refund_${randomBytes(12).toString('hex')}`, settled: true };
    },
    async refundSettled() {
      return true;
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
  async confirmPayment() {
    throw new Error('cash on delivery has no gateway payment');
  },
  async confirmCapturedPayment() {
    throw new Error('cash on delivery has no gateway payment');
  },
  async refund() {
    return { refundId: null, settled: true };
  },
  async refundSettled() {
    return true;
  },
};
