import { ok } from '@storefront/routers/envelope';
import { AppError } from '@storefront/routers/errors';
import { webhookSignatureValid } from '@storefront/routers/features/payments/razorpay';
import type { Services } from '@storefront/routers/services';
import express, { type RequestHandler } from 'express';

/**
 * POST /api/v1/payments/razorpay/webhook: Razorpay's events, authenticated by
 * X-Razorpay-Signature (HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET, compared in
 * constant time) instead of a bearer token. A bad signature is 400 and nothing happens; a valid
 * event is stored once by its X-Razorpay-Event-Id and handled by a job (payment-events.ts), so a
 * redelivery answers 200 and changes nothing. Plain Express: the signature covers the raw bytes.
 */
export function createRazorpayWebhookRoute(
  services: Services,
  webhookSecret: string,
): RequestHandler[] {
  const receive: RequestHandler = async (req, res, next) => {
    try {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.header('x-razorpay-signature') ?? '';
      if (!webhookSignatureValid(raw, signature, webhookSecret)) {
        throw new AppError('BAD_REQUEST', 'The webhook signature is missing or wrong.');
      }
      let event: { event?: unknown };
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook body is not JSON.');
      }
      const eventId = req.header('x-razorpay-event-id');
      if (!eventId || typeof event.event !== 'string') {
        throw new AppError('BAD_REQUEST', 'The webhook has no event id or event name.');
      }
      const stored = await services.paymentEvents.receive({
        eventId,
        event: event.event,
        payload: event,
      });
      res.json(ok(null, stored ? 'Event received.' : 'Event already received.'));
    } catch (error) {
      next(error);
    }
  };
  return [express.raw({ type: () => true, limit: '1mb' }), receive];
}
