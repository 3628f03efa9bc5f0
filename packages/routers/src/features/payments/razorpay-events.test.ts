import { describe, expect, it } from 'vitest';
import { parseRazorpayEvent, razorpayEventProblems } from './razorpay-events';

const payment = (extra: object = {}) => ({
  payload: {
    payment: {
      entity: { id: 'pay_1', order_id: 'order_9', amount: 4250, currency: 'INR', ...extra },
    },
  },
});

describe("Razorpay's webhook events in the shop's terms", () => {
  it('payment.captured and order.paid are the same news: captured, one subject', () => {
    const expected = {
      kind: 'captured',
      subject: 'payment.captured:pay_1',
      payment: {
        paymentId: 'pay_1',
        gatewayOrderId: 'order_9',
        amountMinor: 4250,
        currency: 'INR',
      },
    };
    expect(parseRazorpayEvent('payment.captured', payment())).toEqual(expected);
    expect(parseRazorpayEvent('order.paid', payment())).toEqual(expected);
  });

  it('payment.failed carries the reason; a payment made outside any order has no gateway order', () => {
    expect(
      parseRazorpayEvent('payment.failed', payment({ error_description: 'Card declined' })),
    ).toMatchObject({ kind: 'failed', subject: 'payment.failed:pay_1', reason: 'Card declined' });
    expect(parseRazorpayEvent('payment.refunded', payment({ order_id: null }))).toMatchObject({
      kind: 'other',
      subject: 'payment.refunded:pay_1',
      payment: { gatewayOrderId: null },
    });
  });

  it('payment.authorized is the same news as payment.captured (one subject), for the shop to capture', () => {
    expect(parseRazorpayEvent('payment.authorized', payment())).toEqual({
      kind: 'authorized',
      subject: 'payment.captured:pay_1',
      payment: {
        paymentId: 'pay_1',
        gatewayOrderId: 'order_9',
        amountMinor: 4250,
        currency: 'INR',
      },
    });
  });

  it('refund.speed_changed carries the speed the refund is now processed at', () => {
    const refund = {
      payload: {
        refund: { entity: { id: 'rfnd_3', payment_id: 'pay_1', speed_processed: 'normal' } },
      },
    };
    expect(parseRazorpayEvent('refund.speed_changed', refund)).toEqual({
      kind: 'refund speed changed',
      subject: 'refund.speed_changed:rfnd_3:normal',
      refundId: 'rfnd_3',
      speed: 'normal',
    });
  });

  it('refunds by their id; anything unreadable is "other" with no subject', () => {
    const refund = { payload: { refund: { entity: { id: 'rfnd_3', payment_id: 'pay_1' } } } };
    expect(parseRazorpayEvent('refund.processed', refund)).toEqual({
      kind: 'refund processed',
      subject: 'refund.processed:rfnd_3',
      refundId: 'rfnd_3',
    });
    expect(parseRazorpayEvent('refund.failed', refund)).toMatchObject({ kind: 'refund failed' });
    for (const body of [null, {}, { payload: { payment: { entity: { id: 7 } } } }, 'x']) {
      expect(parseRazorpayEvent('payment.captured', body)).toEqual({
        kind: 'other',
        subject: null,
      });
    }
  });
});

describe('what an incoming event must carry for the shop to read it', () => {
  it('the events the shop acts on need their entity with the fields it reads', () => {
    expect(razorpayEventProblems('payment.captured', payment())).toBeUndefined();
    expect(razorpayEventProblems('payment.failed', payment({ order_id: null }))).toBeUndefined();
    expect(razorpayEventProblems('order.paid', payment({ amount: 42.5, currency: '' }))).toEqual({
      'payload.payment.entity.amount': ['Must be a whole number of minor units.'],
      'payload.payment.entity.currency': ['Must be the currency.'],
    });
    expect(razorpayEventProblems('refund.processed', payment())).toEqual({
      'payload.refund.entity': ['refund.processed carries the refund it is about.'],
    });
    expect(
      razorpayEventProblems('refund.failed', { payload: { refund: { entity: { id: 'rfnd_1' } } } }),
    ).toBeUndefined();
  });

  it('every event needs its payload object; any other event type is not looked into', () => {
    for (const body of [null, {}, { payload: [] }, { payload: 'x' }, 'x']) {
      expect(razorpayEventProblems('subscription.charged', body)).toEqual({
        payload: ['Every Razorpay event carries a payload object.'],
      });
    }
    expect(razorpayEventProblems('subscription.charged', { payload: {} })).toBeUndefined();
    expect(
      razorpayEventProblems('payment.downtime.started', { payload: { payment: 'x' } }),
    ).toBeUndefined();
    // payment.authorized is acted on now (issue 40): it needs its payment.
    expect(razorpayEventProblems('payment.authorized', { payload: { payment: 'x' } })).toEqual({
      'payload.payment.entity': ['payment.authorized carries the payment it is about.'],
    });
  });
});
