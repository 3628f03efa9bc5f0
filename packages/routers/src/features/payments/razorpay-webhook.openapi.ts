import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { ZNullEnvelope } from '../../envelope';
import type { ErrorCode } from '../../errors';

/**
 * Razorpay's webhook is a plain Express route (its signature covers the raw body); this entry
 * documents it for the shop's operators (apps/api/src/http/razorpay-webhook.ts).
 */
export const razorpayWebhookPath: ZodOpenApiPathsObject = {
  '/payments/razorpay/webhook': {
    post: {
      operationId: 'payments-razorpay-webhook',
      tags: ['payments'],
      summary: 'Razorpay webhook',
      description:
        'For Razorpay, not the app; served when RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are set. Authenticated by `X-Razorpay-Signature` (hex HMAC-SHA256 of the raw body with the webhook secret). Checked in this order, and nothing is stored unless all pass: a missing or wrong signature answers 400, whatever else is wrong; a signed body whose Content-Type is not application/json 415; a body that is not a JSON object the database can store (invalid UTF-8, a NUL or an unpaired surrogate), or without `X-Razorpay-Event-Id` or `event`, 400; an event without its `payload` object, or a `payment.captured`, `order.paid`, `payment.authorized` or `payment.failed` without `payload.payment.entity` (`id`, `amount` in minor units, `currency`, `order_id` or null), or a `refund.processed`, `refund.failed` or `refund.speed_changed` without `payload.refund.entity.id`, 422 with the missing fields in `errors`. Each event is stored once by `X-Razorpay-Event-Id` and once by what it is about (its kind and payment or refund id); a redelivery, or the same event under a new id, answers 200 and changes nothing. An event about a payment that is not on a gateway order this shop created is stored and left alone (never refunded). Handled by a background job: `payment.captured` / `order.paid` for a checkout the app did not place within PAYMENT_WEBHOOK_GRACE_SECONDS places the order (or refunds the payment when that is no longer possible); `payment.authorized` is the same news (one subject: whichever comes first is handled, the others answer "Event already received."): the payment is captured at Razorpay, then handled as captured; `refund.processed` settles its refund (a `refund_pending` order whose refunds are all processed becomes `refunded`), `refund.failed` marks it failed and requests it again after REFUND_RETRY_SECONDS, at most REFUND_MAX_ATTEMPTS times; `refund.speed_changed` records the speed Razorpay now processes it at; `payment.failed` is recorded on the checkout; other events are recorded and ignored, whatever their payload holds.',
      requestParams: {
        header: z.object({
          'X-Razorpay-Signature': z.string().meta({ description: 'hex HMAC-SHA256 of the body' }),
          'X-Razorpay-Event-Id': z.string(),
        }),
      },
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: z
              .object({ event: z.string(), payload: z.record(z.string(), z.unknown()) })
              .meta({ description: 'Razorpay’s event, as it sends it' }),
          },
        },
      },
      responses: {
        200: {
          description: 'Received (or received before)',
          content: { 'application/json': { schema: ZNullEnvelope } },
        },
      },
    },
  },
};

/** Its errors besides those of its shape; 404 on a server without Razorpay (see openapi.ts). */
export const razorpayWebhookOperation = {
  path: '/payments/razorpay/webhook',
  method: 'post' as const,
  errors: ['NOT_FOUND'] as ErrorCode[],
};
