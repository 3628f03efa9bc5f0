import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The payment provider interface checkout and orders talk to. The card gateway and cash on
 * delivery implement it; refunds go through the same interface.
 */
export interface PaymentProvider {
  readonly kind: 'gateway' | 'offline';
  /** Gateway methods: an order the client pays against (amount in minor units). */
  createOrder(args: { amountMinor: number; currency: string }): Promise<{ id: string }>;
  /** Gateway methods: checks the client's proof of payment. */
  verifyPayment(proof: PaymentProof): boolean;
  /** Returns a refund reference; offline payments have nothing to refund at the gateway. */
  refund(args: {
    paymentId: string;
    amountMinor: number;
    currency: string;
  }): Promise<{ refundId: string | null }>;
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
export function createHmacGateway(secret: string): PaymentProvider {
  return {
    kind: 'gateway',
    async createOrder() {
      return { id: `gw_order_${randomBytes(12).toString('hex')}` };
    },
    verifyPayment({ gatewayOrderId, gatewayPaymentId, signature }) {
      if (!HEX_SHA256.test(signature)) return false;
      const expected = Buffer.from(signPayment(secret, gatewayOrderId, gatewayPaymentId), 'hex');
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },
    async refund() {
      return { refundId: `gw_refund_${randomBytes(12).toString('hex')}` };
    },
  };
}

/** Cash on delivery: nothing to verify up front, nothing to refund at a gateway. */
export const cashOnDelivery: PaymentProvider = {
  kind: 'offline',
  async createOrder() {
    throw new Error('cash on delivery has no gateway order');
  },
  verifyPayment: () => false,
  async refund() {
    return { refundId: null };
  },
};
