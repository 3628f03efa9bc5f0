import type { AddressSnapshot } from '@storefront/db/schema';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../ports';
import type { MailJob } from './mail.jobs';
import type { MailOrder, MailRecipient } from './mail.ports';
import { createMailService } from './mail.service';

/* Every template rendered with sample data, checked as the customer reads it (plain text). */

const address: AddressSnapshot = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: null,
  phone: '+44 20 7946 0018',
  address_line_1: '12 St James Square',
  address_line_2: null,
  city: 'London',
  state: null,
  postcode: 'SW1Y 4JH',
  country: 'GB',
  country_name: 'United Kingdom',
};
const user: MailRecipient = {
  id: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  blockedAt: null,
  deletedAt: null,
};
/** The order as orders' service answers it (its API DTO fits MailOrder). */
const order = {
  id: 42,
  userId: 7,
  dto: {
    order_number: 'ORD-20261124-0042',
    payment_method: 'card',
    payment_status: 'refunded',
    shipping_method: 'flatrate',
    subtotal: 30,
    discount: 5,
    shipping: 4.99,
    tax: 5,
    total: 34.99,
    currency: 'USD',
    coupon_code: 'SAVE5',
    gift_cards: [],
    gift_card_amount: 0,
    loyalty_points: 0,
    loyalty_amount: 0,
    amount_due: 34.99,
    items: [
      { id: 1, product_name: 'Walnut Desk Lamp', variant_name: 'Brass', quantity: 2, total: 30 },
    ],
    shipping_address: address,
    billing_address: address,
    cancel_reason: 'Changed my mind',
  } satisfies MailOrder,
  shipment: {
    carrier: 'DHL',
    trackingNumber: 'JD014600003828',
    trackingUrl: 'https://track.example/JD014600003828',
  },
};

/** The link token a job mints: the job's id, so a test knows what the e-mail must show. */
const linkTokens = {
  reset: async (_userId: number, jobId: string) => `reset-${jobId}`,
  verification: async (_userId: number, jobId: string) => `verify-${jobId}`,
  invite: async (_userId: number, jobId: string) => `invite-${jobId}`,
};

function service() {
  const sent: Array<{ message: MailMessage; key: string | undefined }> = [];
  const mail = createMailService({
    users: { findById: async (id) => (id === user.id ? user : undefined) },
    linkTokens,
    orders: {
      findWithOwner: async (id) => {
        if (id !== order.id) return undefined;
        return {
          userId: order.userId,
          checkoutEmail: address.email ?? null,
          order: order.dto,
          shipment: order.shipment,
        };
      },
    },
    mailer: {
      send: async (message, options) => void sent.push({ message, key: options?.idempotencyKey }),
    },
    config: {
      shop: { name: 'Walnut & Co', url: 'https://walnut.example' },
      emailVerifyUrl: 'myshop://verify-email',
      passwordResetUrl: 'https://walnut.example/reset-password',
      passwordResetTtlMinutes: 60,
    },
  });
  return { mail, sent };
}

async function rendered(job: MailJob) {
  const { mail, sent } = service();
  await mail.deliver({ id: 'job-1', data: job });
  expect(sent).toHaveLength(1);
  // A link's e-mail is keyed by its token too: a retry mints another.
  expect(sent[0]?.key).toMatch(/^job-1(-[0-9a-f]{16})?$/);
  const message = sent[0]?.message as MailMessage;
  expect(message.to).toBe('ada@example.com');
  expect(message.html).toMatch(/^<!DOCTYPE html/);
  expect(message.text).toContain('Walnut & Co · https://walnut.example');
  return message;
}

describe('e-mail templates', () => {
  it('welcome: a verification link with token and e-mail', async () => {
    const mail = await rendered({ kind: 'welcome', userId: 7 });
    expect(mail.subject).toBe('Welcome to Walnut & Co');
    expect(mail.text).toContain('Hello Ada Lovelace, your account is ready.');
    expect(mail.text).toContain('myshop://verify-email?token=verify-job-1&email=ada%40example.com');
    expect(mail.text).toContain('valid for 24 hours');
  });

  it('verify again, reset link and the password notices', async () => {
    expect((await rendered({ kind: 'verify-email', userId: 7 })).subject).toBe(
      'Confirm your e-mail address',
    );
    const reset = await rendered({ kind: 'password-reset', userId: 7 });
    expect(reset.text).toContain('reset-job-1');
    expect(reset.text).toContain(
      'https://walnut.example/reset-password?token=reset-job-1&email=ada%40example.com',
    );
    expect(reset.text).toContain('valid for 60 minutes');
    const changed = await rendered({ kind: 'password-changed', userId: 7, how: 'changed' });
    expect(changed.subject).toBe('Your password was changed');
    expect(changed.text).toContain('Wasn’t you? Reset your password here');
    expect((await rendered({ kind: 'password-changed', userId: 7, how: 'reset' })).subject).toBe(
      'Your password was reset',
    );
  });

  it('order placed: number, lines, totals with the discount, payment and both addresses', async () => {
    const mail = await rendered({ kind: 'order-placed', orderId: 42 });
    expect(mail.subject).toBe('Order ORD-20261124-0042 confirmed');
    for (const line of [
      '2 × Walnut Desk Lamp (Brass) — 30.00 USD',
      'Subtotal: 30.00 USD',
      'Discount (SAVE5): -5.00 USD',
      'Shipping: 4.99 USD',
      'Tax: 5.00 USD',
      'Total: 34.99 USD',
      'Payment: card (refunded)',
      'SHIPPING ADDRESS',
      '12 St James Square',
      'SW1Y 4JH London',
    ]) {
      expect(mail.text.toUpperCase()).toContain(line.toUpperCase());
    }
  });

  it('status e-mails; shipped carries carrier, tracking number and link', async () => {
    const shipped = await rendered({ kind: 'order-status', orderId: 42, status: 'shipped' });
    expect(shipped.subject).toBe('Order ORD-20261124-0042 has shipped');
    expect(shipped.text).toContain('Carrier: DHL');
    expect(shipped.text).toContain('Tracking number: JD014600003828');
    expect(shipped.html).toContain('href="https://track.example/JD014600003828"');
    const processing = await rendered({ kind: 'order-status', orderId: 42, status: 'processing' });
    expect(processing.subject).toBe('Order ORD-20261124-0042 is being prepared');
    expect(processing.text).not.toContain('Carrier');
    expect(
      (await rendered({ kind: 'order-status', orderId: 42, status: 'completed' })).subject,
    ).toBe('Order ORD-20261124-0042 has been delivered');
  });

  it('cancellation: the reason and the refund of a paid order', async () => {
    const mail = await rendered({ kind: 'order-canceled', orderId: 42 });
    expect(mail.text).toContain('Reason: Changed my mind');
    expect(mail.text).toContain('The payment of 34.99 USD is being refunded');
  });

  it('a refunded payment: not placed, or for an order that could no longer be paid for', async () => {
    const unplaced = await rendered({
      kind: 'payment-refunded',
      userId: 7,
      amountMinor: 3499,
      currency: 'USD',
      reason: 'the checkout was already ordered',
    });
    expect(unplaced.subject).toBe('Your payment is being refunded');
    expect(unplaced.text).toContain(
      'we received your payment of 34.99 USD, but could not place the order: the checkout was already ordered',
    );
    const late = await rendered({
      kind: 'payment-refunded',
      userId: 7,
      amountMinor: 3499,
      currency: 'USD',
      reason: 'it had been cancelled before the payment came.',
      orderNumber: 'ORD-20261124-0042',
    });
    expect(late.text).toContain(
      'for order ORD-20261124-0042, but it could no longer be paid for: it had been cancelled before the payment came.',
    );
    expect(late.text).not.toContain('could not place the order');
  });

  it('a job whose user or order is gone sends nothing', async () => {
    const { mail, sent } = service();
    await mail.deliver({ id: 'j', data: { kind: 'order-placed', orderId: 404 } });
    await mail.deliver({ id: 'j', data: { kind: 'welcome', userId: 404 } });
    // A reset asked for an unknown or a blocked address.
    await mail.deliver({ id: 'j', data: { kind: 'password-reset', userId: null } });
    expect(sent).toHaveLength(0);
  });
});
