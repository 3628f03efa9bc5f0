import type Razorpay from 'razorpay';
import { AppError, DependencyUnavailableError } from '../../errors';
import {
  type GatewayPayment,
  hmacSignatureValid,
  type PaymentProvider,
  signatureValid,
} from './gateway';

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  /** https://api.razorpay.com, or a local stand-in in tests (RAZORPAY_API_URL). */
  apiUrl: string;
  /** Bound on each call to Razorpay; past it the request answers 503. */
  timeoutMs?: number;
  /** Razorpay's refund speed (REFUND_SPEED): `optimum` (instant where it can) or `normal`. */
  refundSpeed?: 'optimum' | 'normal';
}

/** How many of a payment's refunds one page of Razorpay's list holds (its maximum). */
const REFUND_PAGE = 100;

/** What the official SDK throws for an API error (4xx/5xx); a network failure has no status. */
interface RazorpayApiError {
  statusCode?: number;
  error?: { code?: string; description?: string };
}

/**
 * Runs one call to Razorpay: its refusal (4xx) is the customer's PAYMENT_FAILED with Razorpay's
 * reason; anything else (unreachable, timeout, 5xx) is 503 with nothing written here.
 */
export async function gatewayCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (caught) {
    const error = caught as RazorpayApiError;
    if (
      typeof error?.statusCode === 'number' &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      throw new AppError(
        'PAYMENT_FAILED',
        `The payment gateway refused: ${error.error?.description ?? 'request rejected'}.`,
      );
    }
    throw new DependencyUnavailableError('The payment gateway is unavailable.', { cause: caught });
  }
}

/**
 * The official SDK's client, loaded on the first call: the SDK and its axios are ~20 MB a
 * process that takes no card payment never needs (docs/performance.md).
 */
export function razorpaySdk(config: RazorpayConfig): () => Promise<Razorpay> {
  let loading: Promise<Razorpay> | undefined;
  return () =>
    (loading ??= import('razorpay').then(({ default: RazorpaySdk }) => {
      const client = new RazorpaySdk({ key_id: config.keyId, key_secret: config.keySecret });
      // The SDK fixes its host; its axios instance is where a stand-in (or a proxy) is set.
      const http = (
        client as unknown as { api: { rq: { defaults: { baseURL: string; timeout: number } } } }
      ).api.rq.defaults;
      http.baseURL = config.apiUrl;
      http.timeout = config.timeoutMs ?? 10_000;
      return client;
    }));
}

/**
 * Card and wallet payments through Razorpay's official SDK: an order per checkout, and at
 * place-order the checkout signature (HMAC-SHA256 of `order_id|payment_id` with the key secret,
 * constant-time) plus the payment as Razorpay has it — this order's, this amount and currency,
 * captured (an authorized payment is captured here).
 */
export function createRazorpayGateway(config: RazorpayConfig): PaymentProvider {
  const razorpay = razorpaySdk(config);

  /** The payment as Razorpay has it: this order's, this amount and currency, captured. */
  async function confirmCaptured(payment: {
    gatewayOrderId: string;
    gatewayPaymentId: string;
    amountMinor: number;
    currency: string;
  }): Promise<void> {
    let fetched = await gatewayCall(async () =>
      (await razorpay()).payments.fetch(payment.gatewayPaymentId),
    );
    const refuse = (reason: string) =>
      new AppError('PAYMENT_FAILED', `The payment could not be accepted: ${reason}.`);
    if (fetched.order_id !== payment.gatewayOrderId) throw refuse('it belongs to another order');
    if (Number(fetched.amount) !== payment.amountMinor || fetched.currency !== payment.currency) {
      throw refuse('its amount or currency differs from the order');
    }
    if (fetched.status === 'authorized') {
      fetched = await gatewayCall(async () =>
        (await razorpay()).payments.capture(
          payment.gatewayPaymentId,
          payment.amountMinor,
          payment.currency,
        ),
      );
    }
    if (fetched.status !== 'captured') throw refuse(`it is ${fetched.status}, not captured`);
  }

  /** The payment's refund made under `receipt`, if Razorpay holds one (newest first, paged). */
  async function findRefundByReceipt(paymentId: string, receipt: string) {
    for (let skip = 0; ; skip += REFUND_PAGE) {
      const page = await gatewayCall(async () =>
        (await razorpay()).payments.fetchMultipleRefund(paymentId, { count: REFUND_PAGE, skip }),
      );
      const found = page.items.find((refund) => refund.receipt === receipt);
      if (found) return found;
      if (page.items.length < REFUND_PAGE) return undefined;
    }
  }

  return {
    kind: 'gateway',
    keyId: config.keyId,

    async createOrder({ amountMinor, currency, receipt, notes }) {
      const order = await gatewayCall(async () =>
        (await razorpay()).orders.create({ amount: amountMinor, currency, receipt, notes }),
      );
      return { id: order.id };
    },

    signatureValid: (proof) => signatureValid(config.keySecret, proof),
    confirmCapturedPayment: confirmCaptured,

    async refund({ paymentId, amountMinor, receipt, notes }) {
      // Razorpay keeps the receipt but does not deduplicate by it: a refund asked for before (a
      // job that died after Razorpay answered) is found among the payment's refunds instead.
      if (receipt) {
        const earlier = await findRefundByReceipt(paymentId, receipt);
        if (earlier) return { refundId: earlier.id, settled: earlier.status === 'processed' };
      }
      const refund = await gatewayCall(async () =>
        (await razorpay()).payments.refund(paymentId, {
          amount: amountMinor,
          speed: config.refundSpeed ?? 'optimum',
          ...(receipt ? { receipt } : {}),
          ...(notes ? { notes } : {}),
        }),
      );
      return { refundId: refund.id, settled: refund.status === 'processed' };
    },

    async refundSettled(refundId) {
      const refund = await gatewayCall(async () => (await razorpay()).refunds.fetch(refundId));
      return refund.status === 'processed';
    },

    async paymentsOf(gatewayOrderId) {
      const page = await gatewayCall(async () =>
        (await razorpay()).orders.fetchPayments(gatewayOrderId),
      );
      return page.items.map(
        (payment): GatewayPayment => ({
          paymentId: payment.id,
          gatewayOrderId: payment.order_id ?? null,
          amountMinor: Number(payment.amount),
          currency: payment.currency,
          status: payment.status as GatewayPayment['status'],
        }),
      );
    },
  };
}

/** X-Razorpay-Signature: hex HMAC-SHA256 of the raw body with the webhook secret (constant-time). */
export const webhookSignatureValid = (body: Buffer, signature: string, secret: string) =>
  hmacSignatureValid(secret, body, signature);
