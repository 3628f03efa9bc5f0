import { describe, expect, it } from 'vitest';
import { cashOnDelivery, createHmacGateway, signPayment } from './gateway';

describe('HMAC payment gateway', () => {
  const gateway = createHmacGateway('test-secret');

  it('accepts the signature of exactly this order and payment id', () => {
    const signature = signPayment('test-secret', 'gw_order_1', 'pay_9');
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(
      gateway.verifyPayment({ gatewayOrderId: 'gw_order_1', gatewayPaymentId: 'pay_9', signature }),
    ).toBe(true);
    expect(
      gateway.verifyPayment({
        gatewayOrderId: 'gw_order_1',
        gatewayPaymentId: 'pay_9',
        signature: signature.toUpperCase(),
      }),
    ).toBe(true);
  });

  it('refuses another secret, another order, another payment id and malformed signatures', () => {
    const other = signPayment('other-secret', 'gw_order_1', 'pay_9');
    expect(
      gateway.verifyPayment({
        gatewayOrderId: 'gw_order_1',
        gatewayPaymentId: 'pay_9',
        signature: other,
      }),
    ).toBe(false);
    const signature = signPayment('test-secret', 'gw_order_1', 'pay_9');
    expect(
      gateway.verifyPayment({ gatewayOrderId: 'gw_order_2', gatewayPaymentId: 'pay_9', signature }),
    ).toBe(false);
    expect(
      gateway.verifyPayment({ gatewayOrderId: 'gw_order_1', gatewayPaymentId: 'pay_8', signature }),
    ).toBe(false);
    for (const bad of ['', 'zz', signature.slice(0, 63), `${signature}00`]) {
      expect(
        gateway.verifyPayment({
          gatewayOrderId: 'gw_order_1',
          gatewayPaymentId: 'pay_9',
          signature: bad,
        }),
      ).toBe(false);
    }
  });

  it('issues distinct gateway orders and refund references', async () => {
    const a = await gateway.createOrder({ amountMinor: 1000, currency: 'USD' });
    const b = await gateway.createOrder({ amountMinor: 1000, currency: 'USD' });
    expect(a.id).not.toBe(b.id);
    const refund = await gateway.refund({ paymentId: 'pay_9', amountMinor: 1000, currency: 'USD' });
    expect(refund.refundId).toMatch(/^gw_refund_/);
  });

  it('cash on delivery verifies nothing and refunds nothing at a gateway', async () => {
    expect(
      cashOnDelivery.verifyPayment({ gatewayOrderId: 'a', gatewayPaymentId: 'b', signature: 'c' }),
    ).toBe(false);
    expect(
      (await cashOnDelivery.refund({ paymentId: '', amountMinor: 1, currency: 'USD' })).refundId,
    ).toBeNull();
  });
});
