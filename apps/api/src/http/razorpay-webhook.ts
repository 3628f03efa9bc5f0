import { webhookSignatureValid } from '@storefront/routers';
import { ok } from '@storefront/routers/envelope';
import { AppError } from '@storefront/routers/errors';
import type { Services } from '@storefront/routers/services';
import express, { type RequestHandler } from 'express';

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Valid in JSON text, refused by PostgreSQL's jsonb: a NUL or an unpaired surrogate. */
const storable = (text: string) => !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);

const notStorableJson = () =>
  new AppError('BAD_REQUEST', 'The webhook body is not a JSON object that can be stored.');

/**
 * The body as a JSON object the database can store (UTF-8, no NUL or unpaired surrogate in any
 * key or string); anything else is 400, never a 500 from the insert.
 */
function parseEvent(raw: Buffer): { event?: unknown } {
  let parsed: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    parsed = JSON.parse(text, (key, value) => {
      if (!storable(key) || (typeof value === 'string' && !storable(value))) {
        throw notStorableJson();
      }
      return value;
    });
  } catch {
    throw notStorableJson();
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw notStorableJson();
  }
  return parsed;
}

/** `application/json`, parameters (charset) aside, as Razorpay sends its events. */
const isJson = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * POST /api/v1/payments/razorpay/webhook: Razorpay's events, authenticated by
 * X-Razorpay-Signature (HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET, compared in
 * constant time) instead of a bearer token. Checked in this order, nothing stored unless all pass:
 * the signature (400: a stranger learns nothing more, whatever else is wrong), the Content-Type
 * (415 unless application/json), the body as a storable JSON object with an event id and name
 * (400), what the shop reads of the event (422, razorpay-events.ts). A valid event is stored once
 * by its X-Razorpay-Event-Id (and once by what it is about) and handled by a job
 * (payment-events.ts), so a redelivery answers 200 and changes nothing. A payment not on a
 * gateway order of this shop is stored, logged once and left alone. Plain Express: the
 * signature covers the raw bytes.
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
      if (!isJson(req.header('content-type'))) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const event = parseEvent(raw);
      const eventId = req.header('x-razorpay-event-id');
      if (!eventId || typeof event.event !== 'string') {
        throw new AppError('BAD_REQUEST', 'The webhook has no event id or event name.');
      }
      const received = await services.payments.events.receive({
        eventId,
        event: event.event,
        payload: event,
      });
      if (received === 'not the shop’s') {
        // Razorpay sends the whole account's events; this one is some other integration's.
        req.log.info(
          { eventId, event: event.event },
          'Razorpay event about a payment not on a gateway order of this shop: stored, not acted on',
        );
      }
      res.json(
        ok(null, received === 'redelivered' ? 'Event already received.' : 'Event received.'),
      );
    } catch (error) {
      if (error instanceof AppError && error.errorCode === 'VALIDATION_ERROR') {
        // Signed, so Razorpay's: its format may have changed. It retries; operators should know.
        req.log.warn(
          { eventId: req.header('x-razorpay-event-id'), errors: error.fieldErrors },
          'Razorpay event refused: it lacks what the shop reads of it',
        );
      }
      next(error);
    }
  };
  return [express.raw({ type: () => true, limit: '1mb' }), receive];
}
