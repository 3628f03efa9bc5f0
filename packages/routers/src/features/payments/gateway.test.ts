import { describe, expect, it } from 'vitest';
import { cashOnDelivery, createHmacGateway, signatureValid, signPayment } from './gateway';

describe('HMAC signature of the checkout (the development gateway and Razorpay alike)', () => {
  it('accepts the signature of exactly this order and payment id', () => {
    const signature = signPayment('test-secret', 'gw_order_1', 'pay_9');
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    const proof = { gatewayOrderId: 'gw_order_1', gatewayPaymentId: 'pay_9', signature };
    expect(signatureValid('test-secret', proof)).toBe(true);
    expect(signatureValid('test-secret', { ...proof, signature: signature.toUpperCase() })).toBe(
      true,
    );
  });

  it('refuses another secret, another order, another payment id and malformed signatures', () => {
    const signature = signPayment('test-secret', 'gw_order_1', 'pay_9');
    const proof = { gatewayOrderId: 'gw_order_1', gatewayPaymentId: 'pay_9', signature };
    expect(
      signatureValid('test-secret', {
        ...proof,
        signature: signPayment('other-secret', 'gw_order_1', 'pay_9'),
      }),
    ).toBe(false);
    expect(signatureValid('test-secret', { ...proof, gatewayOrderId: 'gw_order_2' })).toBe(false);
    expect(signatureValid('test-secret', { ...proof, gatewayPaymentId: 'pay_8' })).toBe(false);
    for (const bad of ['', 'zz', signature.slice(0, 63), `${signature}00`]) {
      expect(signatureValid('test-secret', { ...proof, signature: bad })).toBe(false);
    }
  });
});

describe('the development gateway', () => {
  const gateway = createHmacGateway('test-secret');
  const order = { amountMinor: 1000, currency: 'USD', receipt: 'cart-1-v1', notes: {} };

  it('accepts its own signature only, and needs no gateway to confirm the payment', async () => {
    const signature = signPayment('test-secret', 'gw_order_1', 'pay_9');
    const payment = { gatewayOrderId: 'gw_order_1', gatewayPaymentId: 'pay_9', signature };
    expect(gateway.signatureValid(payment)).toBe(true);
    expect(gateway.signatureValid({ ...payment, gatewayPaymentId: 'pay_8' })).toBe(false);
    await expect(
      gateway.confirmCapturedPayment({ ...payment, amountMinor: 1000, currency: 'USD' }),
    ).resolves.toBeUndefined();
    expect(gateway.keyId).toBeNull();
  });

  it('issues distinct gateway orders and refund references', async () => {
    const a = await gateway.createOrder(order);
    const b = await gateway.createOrder(order);
    expect(a.id).not.toBe(b.id);
    const refund = await gateway.refund({ paymentId: 'pay_9', amountMinor: 1000, currency: 'USD' });
    expect(refund.refundId).toMatch(/^gw_refund_/);
  });

  it('cash on delivery has no gateway payment and refunds nothing at a gateway', async () => {
    expect(
      cashOnDelivery.signatureValid({ gatewayOrderId: 'a', gatewayPaymentId: 'b', signature: 'c' }),
    ).toBe(false);
    await expect(
      cashOnDelivery.confirmCapturedPayment({
        gatewayOrderId: 'a',
        gatewayPaymentId: 'b',
        amountMinor: 1,
        currency: 'USD',
      }),
    ).rejects.toThrow();
    expect(
      (await cashOnDelivery.refund({ paymentId: '', amountMinor: 1, currency: 'USD' })).refundId,
    ).toBeNull();
  });
});
