import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FakeRazorpayOrder, FakeRazorpayPayment } from './fake-razorpay';
import { sendJson } from './local-server';

/*
 * The stand-in's payment links, customers and tokens (issue 40), as razorpay-node sends them
 * (node_modules/razorpay/dist/resources/paymentLink.js, customers.js): `POST /v1/payment_links`,
 * `GET /v1/payment_links/:id`, `POST /v1/payment_links/:id/cancel`, `POST /v1/customers`, `GET /v1/customers/:id/tokens`,
 * `DELETE /v1/customers/:id/tokens/:token`. Plugged into fake-razorpay.ts's server.
 */

export interface FakePaymentLink {
  id: string;
  entity: 'payment_link';
  amount: number;
  amount_paid: number;
  currency: string;
  accept_partial: boolean;
  reference_id: string;
  description: string;
  expire_by: number;
  customer: Record<string, string>;
  notify: { sms: boolean; email: boolean };
  notes: Record<string, string>;
  short_url: string;
  status: 'created' | 'paid' | 'expired' | 'cancelled';
  order_id: string | null;
  /** Razorpay's list of the link's payments: null until one is made. */
  payments: FakeLinkPayment[] | null;
  cancelled_at: number;
  expired_at: number;
}

/** One entry of a link's `payments`, as Razorpay's payment-links API answers it. */
export interface FakeLinkPayment {
  amount: number;
  created_at: number;
  method: 'upi' | 'card';
  payment_id: string;
  plink_id: string;
  status: 'captured' | 'failed';
  updated_at: number;
}

export interface FakeCustomer {
  id: string;
  entity: 'customer';
  name: string;
  email: string | null;
  contact: string | null;
}

export interface FakeToken {
  id: string;
  entity: 'token';
  method: 'card';
  card: {
    network: string;
    last4: string;
    expiry_month: number;
    expiry_year: number;
    issuer: string;
  };
}

const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const error = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });

export function razorpayLinksStandIn(state: {
  orders: Map<string, FakeRazorpayOrder>;
  payments: Map<string, FakeRazorpayPayment>;
}) {
  const links = new Map<string, FakePaymentLink>();
  const customers = new Map<string, FakeCustomer>();
  const tokens = new Map<string, FakeToken[]>();
  /** The create bodies received, as sent (to check the request shapes). */
  const linkRequests: Array<Record<string, unknown>> = [];
  /** As Razorpay: a link past its expire_by that nothing paid is `expired`. */
  const expireIfDue = (link: FakePaymentLink) => {
    const now = Math.floor(Date.now() / 1000);
    if (link.status === 'created' && link.expire_by <= now) {
      link.status = 'expired';
      link.expired_at = now;
    }
    return link;
  };
  const customerRequests: Array<Record<string, unknown>> = [];

  /** Answers the request when it is one of these routes; false leaves it to the caller. */
  function route(
    request: { method: string; segments: string[]; body: Record<string, unknown> },
    res: ServerResponse,
  ): boolean {
    const [resource, key, sub, subKey] = request.segments;
    const { method, body } = request;
    if (resource === 'payment_links' && method === 'POST' && !key) {
      linkRequests.push(body);
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 100) {
        sendJson(res, 400, error('The amount must be at least INR 1.00.'));
        return true;
      }
      const reference = String(body.reference_id ?? '');
      if (reference && [...links.values()].some((link) => link.reference_id === reference)) {
        // As Razorpay: a reference id is taken once.
        sendJson(res, 400, error(`Payment Link with reference id ${reference} already exists`));
        return true;
      }
      const expireBy = Number(body.expire_by);
      if (expireBy < Date.now() / 1000 + 15 * 60) {
        sendJson(res, 400, error('expire_by must be at least 15 minutes after the current time'));
        return true;
      }
      const id = newId('plink');
      const link: FakePaymentLink = {
        id,
        entity: 'payment_link',
        amount,
        amount_paid: 0,
        currency: String(body.currency ?? 'INR'),
        accept_partial: body.accept_partial === true,
        reference_id: reference,
        description: String(body.description ?? ''),
        expire_by: expireBy,
        customer: (body.customer ?? {}) as Record<string, string>,
        notify: (body.notify ?? { sms: true, email: true }) as FakePaymentLink['notify'],
        notes: (body.notes ?? {}) as Record<string, string>,
        short_url: `https://rzp.io/i/${id.slice(6, 14)}`,
        status: 'created',
        order_id: null,
        payments: null,
        cancelled_at: 0,
        expired_at: 0,
      };
      links.set(id, link);
      sendJson(res, 200, link);
      return true;
    }
    if (resource === 'payment_links' && method === 'GET' && key && !sub) {
      const link = links.get(key);
      if (link) sendJson(res, 200, expireIfDue(link));
      else sendJson(res, 400, error('The id provided does not exist'));
      return true;
    }
    if (resource === 'payment_links' && method === 'POST' && key && sub === 'cancel') {
      const link = links.get(key);
      if (!link) sendJson(res, 400, error('The id provided does not exist'));
      else if (expireIfDue(link).status !== 'created') {
        // As Razorpay: only an issued (unpaid, unexpired) link can be cancelled.
        sendJson(res, 400, error(`Payment Link cannot be cancelled in ${link.status} state`));
      } else {
        link.status = 'cancelled';
        link.cancelled_at = Math.floor(Date.now() / 1000);
        sendJson(res, 200, link);
      }
      return true;
    }
    if (resource === 'customers' && method === 'POST' && !key) {
      customerRequests.push(body);
      const existing = [...customers.values()].find(
        (customer) =>
          customer.email === (body.email ?? null) && customer.contact === (body.contact ?? null),
      );
      if (existing) {
        if (String(body.fail_existing) === '0') sendJson(res, 200, existing);
        else sendJson(res, 400, error('Customer already exists for the merchant'));
        return true;
      }
      const customer: FakeCustomer = {
        id: newId('cust'),
        entity: 'customer',
        name: String(body.name ?? ''),
        email: (body.email as string | undefined) ?? null,
        contact: (body.contact as string | undefined) ?? null,
      };
      customers.set(customer.id, customer);
      sendJson(res, 200, customer);
      return true;
    }
    if (resource === 'customers' && key && sub === 'tokens') {
      if (!customers.has(key)) {
        sendJson(res, 400, error('The id provided does not exist'));
        return true;
      }
      const held = tokens.get(key) ?? [];
      if (method === 'GET' && !subKey) {
        sendJson(res, 200, { entity: 'collection', count: held.length, items: held });
        return true;
      }
      if (method === 'DELETE' && subKey) {
        if (!held.some((token) => token.id === subKey)) {
          sendJson(res, 400, error('The id provided does not exist'));
          return true;
        }
        tokens.set(
          key,
          held.filter((token) => token.id !== subKey),
        );
        sendJson(res, 200, { deleted: true });
        return true;
      }
    }
    return false;
  }

  return {
    route,
    links,
    customers,
    tokens,
    linkRequests,
    customerRequests,
    /**
     * The customer pays the link: Razorpay makes an order for it and a captured payment, and
     * sends `payment_link.paid` with the link, the payment and the order.
     */
    payLink(linkId: string) {
      const link = links.get(linkId);
      if (!link) throw new Error(`no payment link ${linkId}`);
      if (expireIfDue(link).status !== 'created') throw new Error(`payment link ${link.status}`);
      const order: FakeRazorpayOrder = {
        id: newId('order'),
        entity: 'order',
        amount: link.amount,
        currency: link.currency,
        receipt: link.reference_id,
        notes: {},
        status: 'paid',
      };
      state.orders.set(order.id, order);
      const payment: FakeRazorpayPayment = {
        id: newId('pay'),
        entity: 'payment',
        order_id: order.id,
        amount: link.amount,
        currency: link.currency,
        status: 'captured',
      };
      state.payments.set(payment.id, payment);
      link.status = 'paid';
      link.amount_paid = link.amount;
      link.order_id = order.id;
      const at = Math.floor(Date.now() / 1000);
      link.payments = [
        {
          amount: link.amount,
          created_at: at,
          method: 'upi',
          payment_id: payment.id,
          plink_id: link.id,
          status: 'captured',
          updated_at: at,
        },
      ];
      return { link, payment, order };
    },
    /** A card the customer saved in Razorpay Checkout (a token under the Razorpay customer). */
    saveCard(customerId: string, card: Partial<FakeToken['card']> = {}) {
      const token: FakeToken = {
        id: newId('token'),
        entity: 'token',
        method: 'card',
        card: {
          network: 'Visa',
          last4: '1111',
          expiry_month: 12,
          expiry_year: 2030,
          issuer: 'HDFC',
          ...card,
        },
      };
      tokens.set(customerId, [...(tokens.get(customerId) ?? []), token]);
      return token;
    },
  };
}
