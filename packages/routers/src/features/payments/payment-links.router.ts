import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { adminProcedure, router, shopperProcedure } from '../../trpc';
import { zDateTime, zId } from '../../zod-helpers';

export const ZPaymentLink = z
  .object({
    short_url: z.string().meta({ description: 'Razorpay’s page where the customer pays' }),
    expires_at: zDateTime(),
    amount: z.number().meta({
      description:
        'What the link asks, in major units of `currency`: the order’s amount due less its COD fee',
    }),
    currency: z.string(),
  })
  .meta({ id: 'PaymentLink' });
const ZPaymentLinkOutput = envelope(ZPaymentLink);
const ZOrderIdInput = z.object({ id: zId() });
const ZAdminOrderIdInput = z.object({ order_id: zId() });

/** Merged into `orders` (services.paymentLinks): COD to prepaid (docs/contract.md). */
export const paymentLinksRouter = router({
  payOnline: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/orders/{id}/pay-online',
        tags: ['orders'],
        summary: 'Pay a cash-on-delivery order online',
        description:
          'A Razorpay payment link for a pending cash-on-delivery order: `short_url` is where the customer pays `amount` (the order’s `amount_due` less its COD fee and the fee’s tax; paid, the order drops the fee) until `expires_at` (the shop’s setting, 24 hours by default). Asking again while that link is unexpired and the amount unchanged answers the same link. Once paid (Razorpay’s `payment_link.paid` webhook), the order’s `payment_method` is `payment_link` and its `payment_status` `paid`, with a tracking event and an `order_paid` push. An order that is not pending, not cash on delivery, or a shop without Razorpay answers 422 PAYMENT_LINK_NOT_AVAILABLE; another customer’s order 404.',
      },
      errors: ['PAYMENT_LINK_NOT_AVAILABLE', 'PAYMENT_FAILED', 'SERVICE_UNAVAILABLE'],
    })
    .input(ZOrderIdInput)
    .output(ZPaymentLinkOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.paymentLinks.payOnline(input.id, ctx.session.user.id)),
    ),
});

/** Merged into `admin.orders` (/trpc only). */
export const paymentLinksAdminRouter = router({
  /** The same link as pay-online, e-mailed to the customer ("Send payment link"). */
  sendPaymentLink: adminProcedure('orders:fulfil')
    .input(ZAdminOrderIdInput)
    .output(ZPaymentLinkOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.paymentLinks.sendByMail(input.order_id), 'Payment link sent.'),
    ),
});
