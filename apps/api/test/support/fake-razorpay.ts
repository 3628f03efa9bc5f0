import { createHmac, randomBytes } from 'node:crypto';
import { signPayment } from '@storefront/routers';
import { listenLocally, readBody, sendJson } from './local-server';
import { razorpayLinksStandIn } from './razorpay-stand-in-links';

export interface FakeRazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
  status: 'created' | 'paid';
}

export interface FakeRazorpayPayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'failed' | 'refunded';
}

export interface FakeRazorpayRefund {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  currency: string;
  status: string;
  receipt: string | null;
  speed_requested: string | null;
  /** Razorpay's `speed_processed` (`refund.speed_changed` moves it): instant or normal. */
  speed_processed: 'instant' | 'normal';
  notes: Record<string, string>;
  created_at: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const error = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });

/**
 * A local stand-in for the part of Razorpay's API the server uses, speaking its HTTP protocol:
 * basic auth with the key id and secret; `POST /v1/orders`, `GET /v1/orders/:id`,
 * `GET /v1/orders/:id/payments` (SDK `orders.fetchPayments`),
 * `GET /v1/payments/:id`, `POST /v1/payments/:id/capture`, `POST /v1/payments/:id/refund`,
 * `GET /v1/payments/:id/refunds`, `GET /v1/refunds/:id`. `pay()` plays the customer paying in the app's Razorpay checkout.
 */
export async function startFakeRazorpay(keys: { keyId: string; keySecret: string }) {
  const orders = new Map<string, FakeRazorpayOrder>();
  const payments = new Map<string, FakeRazorpayPayment>();
  const refunds = new Map<string, FakeRazorpayRefund>();
  const requests: Array<{ method: string; path: string }> = [];
  // Payment links, customers and tokens (issue 40): their own file, the same server.
  const linksAndCards = razorpayLinksStandIn({ orders, payments });
  let outage: number | 'drop' | undefined;
  /** How long every answer waits (a slow gateway). */
  let delayMs = 0;
  /** `pending`: new refunds wait (as a slow bank's do) until `settleRefund` or `failRefund`. */
  let refundMode: 'processed' | 'pending' = 'processed';
  const auth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

  const server = await listenLocally(async (req, res) => {
    const raw = (await readBody(req)).toString('utf8');
    const path = (req.url ?? '').split('?')[0] ?? '';
    requests.push({ method: req.method ?? '', path });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (outage === 'drop') {
      req.socket.destroy();
      return;
    }
    if (outage !== undefined) {
      sendJson(
        res,
        outage,
        outage < 500
          ? error('The merchant account is not activated for international payments')
          : { error: { code: 'SERVER_ERROR', description: 'Try again later' } },
      );
      return;
    }
    if (req.headers.authorization !== auth) {
      sendJson(res, 401, error('Authentication failed'));
      return;
    }
    const body: Record<string, unknown> =
      raw === ''
        ? {}
        : req.headers['content-type']?.includes('json')
          ? JSON.parse(raw)
          : Object.fromEntries(new URLSearchParams(raw));
    const [, version, resource, key, action] = path.split('/');
    if (version !== 'v1') return sendJson(res, 404, error('The requested URL was not found'));

    if (resource === 'orders' && req.method === 'POST' && !key) {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 100) {
        return sendJson(res, 400, error('Order amount less than minimum amount allowed'));
      }
      const order: FakeRazorpayOrder = {
        id: id('order'),
        entity: 'order',
        amount,
        currency: String(body.currency),
        receipt: String(body.receipt ?? ''),
        notes: (body.notes ?? {}) as Record<string, string>,
        status: 'created',
      };
      orders.set(order.id, order);
      return sendJson(res, 200, order);
    }
    if (resource === 'orders' && req.method === 'GET' && key && action === 'payments') {
      // As Razorpay: a collection of every payment attempted on the order, oldest first.
      if (!orders.has(key)) return sendJson(res, 400, error('The id provided does not exist'));
      const items = [...payments.values()].filter((payment) => payment.order_id === key);
      return sendJson(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (resource === 'orders' && req.method === 'GET' && key) {
      const order = orders.get(key);
      return order
        ? sendJson(res, 200, order)
        : sendJson(res, 400, error('The id provided does not exist'));
    }
    if (resource === 'payments' && key) {
      const payment = payments.get(key);
      if (!payment) return sendJson(res, 400, error('The id provided does not exist'));
      if (req.method === 'GET' && !action) return sendJson(res, 200, payment);
      if (req.method === 'POST' && action === 'capture') {
        if (payment.status !== 'authorized') {
          return sendJson(res, 400, error('This payment has already been captured'));
        }
        if (Number(body.amount) !== payment.amount) {
          return sendJson(res, 400, error('Capture amount must be equal to the amount authorized'));
        }
        payment.status = 'captured';
        const order = orders.get(payment.order_id);
        if (order) order.status = 'paid';
        return sendJson(res, 200, payment);
      }
      if (req.method === 'GET' && action === 'refunds') {
        // Newest first, paged by `count` and `skip`, as Razorpay lists a payment's refunds.
        const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
        const count = Number(query.get('count') ?? 10);
        const skip = Number(query.get('skip') ?? 0);
        const items = [...refunds.values()]
          .filter((refund) => refund.payment_id === payment.id)
          .reverse()
          .slice(skip, skip + count);
        return sendJson(res, 200, { entity: 'collection', count: items.length, items });
      }
      if (req.method === 'POST' && action === 'refund') {
        if (payment.status !== 'captured') {
          return sendJson(res, 400, error('The payment has not been captured'));
        }
        const amount = Number(body.amount ?? payment.amount);
        const refunded = [...refunds.values()]
          .filter((refund) => refund.payment_id === payment.id && refund.status !== 'failed')
          .reduce((sum, refund) => sum + refund.amount, 0);
        // As Razorpay: never more back than was captured (less what was refunded already).
        if (amount > payment.amount - refunded) {
          return sendJson(
            res,
            400,
            error('The refund amount provided is greater than amount captured'),
          );
        }
        const refund: FakeRazorpayRefund = {
          id: id('rfnd'),
          entity: 'refund',
          payment_id: payment.id,
          amount,
          currency: payment.currency,
          status: refundMode,
          receipt: typeof body.receipt === 'string' ? body.receipt : null,
          speed_requested: typeof body.speed === 'string' ? body.speed : null,
          speed_processed: body.speed === 'normal' ? 'normal' : 'instant',
          notes: (body.notes ?? {}) as Record<string, string>,
          created_at: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.id, refund);
        // A partly refunded payment stays captured (more may be refunded); all of it: refunded.
        if (refunded + amount === payment.amount) payment.status = 'refunded';
        return sendJson(res, 200, refund);
      }
    }
    if (resource === 'refunds' && req.method === 'GET' && key) {
      const refund = refunds.get(key);
      return refund
        ? sendJson(res, 200, refund)
        : sendJson(res, 400, error('The id provided does not exist'));
    }
    const segments = path.split('/').slice(2);
    if (linksAndCards.route({ method: req.method ?? '', segments, body }, res)) return;
    return sendJson(res, 404, error('The requested URL was not found'));
  });

  /** The requests `METHOD /v1/<resource>/<id>/<action>`, for one id or all. */
  const callsOn = (method: string, resource: string, action: string, key?: string) =>
    requests.filter((request) => {
      const [, version, onResource, onKey, onAction, ...rest] = request.path.split('/');
      return (
        request.method === method &&
        version === 'v1' &&
        onResource === resource &&
        onAction === action &&
        rest.length === 0 &&
        (key === undefined || onKey === key)
      );
    });

  return {
    ...server,
    linksAndCards,
    orders,
    payments,
    refunds,
    requests,
    /**
     * Makes every call fail: a 5xx, a 4xx refusal (with Razorpay's error body), or `drop` to cut
     * the connection; undefined to recover.
     */
    outage(mode: number | 'drop' | undefined) {
      outage = mode;
    },
    /** Every answer waits `ms` first (a slow gateway); 0 to answer at once again. */
    delay(ms: number) {
      delayMs = ms;
    },
    /** The refund requests the stand-in received (`POST /v1/payments/:id/refund`), by payment. */
    refundCalls: (paymentId?: string) => callsOn('POST', 'payments', 'refund', paymentId),
    /** The payments looked up by order (`GET /v1/orders/:id/payments`), for one order or all. */
    fetchPaymentsCalls: (orderId?: string) => callsOn('GET', 'orders', 'payments', orderId),
    /** The payment links looked up (`GET /v1/payment_links/:id`), for one link or all. */
    linkFetchCalls: (linkId?: string) =>
      requests.filter(
        (request) =>
          request.method === 'GET' &&
          /^\/v1\/payment_links\/[^/]+$/.test(request.path) &&
          (linkId === undefined || request.path.endsWith(`/${linkId}`)),
      ),
    /** The payment links cancelled (`POST /v1/payment_links/:id/cancel`), for one link or all. */
    linkCancelCalls: (linkId?: string) => callsOn('POST', 'payment_links', 'cancel', linkId),
    /** The captures asked for (`POST /v1/payments/:id/capture`), for one payment or all. */
    captureCalls: (paymentId?: string) => callsOn('POST', 'payments', 'capture', paymentId),
    /** The orders created at the stand-in (`POST /v1/orders`). */
    orderCalls() {
      return requests.filter(
        (request) => request.method === 'POST' && request.path === '/v1/orders',
      );
    },
    /**
     * An order created at Razorpay by someone other than this shop (another integration on the
     * same account): the shop never saw it.
     */
    foreignOrder(amount = 5000, currency = 'INR') {
      const order: FakeRazorpayOrder = {
        id: id('order'),
        entity: 'order',
        amount,
        currency,
        receipt: 'elsewhere',
        notes: {},
        status: 'created',
      };
      orders.set(order.id, order);
      return order;
    },
    /**
     * The customer pays `orderId` in the app's checkout: a payment in `status` (captured by
     * default) and the signature the checkout hands the app. `amount`/`currency`/`payFor` make
     * a payment that does not match the order.
     */
    pay(
      orderId: string,
      options: {
        status?: FakeRazorpayPayment['status'];
        amount?: number;
        currency?: string;
        payFor?: string;
      } = {},
    ) {
      const order = orders.get(options.payFor ?? orderId);
      if (!order) throw new Error(`no Razorpay order ${orderId}`);
      const payment: FakeRazorpayPayment = {
        id: id('pay'),
        entity: 'payment',
        order_id: order.id,
        amount: options.amount ?? order.amount,
        currency: options.currency ?? order.currency,
        status: options.status ?? 'captured',
      };
      payments.set(payment.id, payment);
      return {
        gateway_order_id: orderId,
        gateway_payment_id: payment.id,
        gateway_signature: signPayment(keys.keySecret, orderId, payment.id),
      };
    },
    refundMode(mode: 'processed' | 'pending') {
      refundMode = mode;
    },
    /** Razorpay processes a pending refund (its `refund.processed` webhook follows). */
    settleRefund(refundId: string) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = 'processed';
      return refund;
    },
    /** Razorpay gives up on a pending refund (its `refund.failed` webhook follows). */
    failRefund(refundId: string) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = 'failed';
      const payment = payments.get(refund.payment_id);
      if (payment) payment.status = 'captured';
      return refund;
    },
    /** Razorpay changes a refund's speed (its `refund.speed_changed` webhook follows). */
    changeRefundSpeed(refundId: string, speed: 'instant' | 'normal') {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.speed_processed = speed;
      return refund;
    },
    /**
     * A webhook delivery as Razorpay sends it: the JSON body, `X-Razorpay-Signature` (HMAC-SHA256
     * of the body with the webhook secret) and `X-Razorpay-Event-Id`.
     */
    webhook(
      event: string,
      entities: { payment?: FakeRazorpayPayment; refund?: unknown },
      webhookSecret: string,
      eventId = id('evt'),
    ) {
      const body = JSON.stringify({
        entity: 'event',
        event,
        contains: Object.keys(entities),
        payload: Object.fromEntries(
          Object.entries(entities).map(([name, entity]) => [name, { entity }]),
        ),
        created_at: Math.floor(Date.now() / 1000),
      });
      return signedDelivery(body, webhookSecret, eventId);
    },
  };
}

/** Any body (valid JSON or not) delivered with a genuine signature, as Razorpay signs. */
export function signedDelivery<Body extends string | Buffer>(
  body: Body,
  webhookSecret: string,
  eventId = id('evt'),
) {
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      'X-Razorpay-Signature': createHmac('sha256', webhookSecret).update(body).digest('hex'),
      'X-Razorpay-Event-Id': eventId,
    },
  };
}
