import { ok, page } from '../../envelope';
import { metaFor } from '../../pagination';
import { router, shopperProcedure } from '../../trpc';
import { ZIdInput as ZOrderIdInput } from '../../zod-helpers';
import {
  toQuoteDto,
  toReturnDto,
  ZReturnableOutput,
  ZReturnId,
  ZReturnListInput,
  ZReturnListOutput,
  ZReturnOutput,
  ZReturnQuoteOutput,
  ZReturnRequest,
} from './returns.schemas';

const tags = ['returns'];
const REQUEST_ERRORS =
  'Outside the return window or not delivered: 422 RETURN_NOT_ALLOWED; a non-returnable product: 422 RETURN_NOT_ALLOWED naming `items.N.order_item_id`; more units than may come back: 422 naming `items.N.quantity`; an `exchange_variant_id` that is not another variant of the line’s product, on sale at the price the line was bought at: 422 VALIDATION_ERROR naming `items.N.exchange_variant_id` (not enough of it in stock: 422 OUT_OF_STOCK naming it); another customer’s order: 404.';

export const returnsRouter = router({
  returnable: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/orders/{id}/returnable',
        tags,
        summary: 'What can be returned',
        description:
          'Whether the order can be returned now (`completed`, within the shop’s `return_window_days` of completion) and, per line, how many units may still come back (not returned, being returned or cancelled; 0 for a non-returnable product) and what the next unit refunds (its frozen share). `reason` says why not: `not_delivered`, `window_closed`, `nothing_returnable`. Another customer’s order answers 404.',
      },
    })
    .input(ZOrderIdInput)
    .output(ZReturnableOutput)
    .query(async ({ ctx, input }) =>
      ok(await ctx.services.returns.returnable(input.id, ctx.session.user.id)),
    ),

  quote: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/orders/{id}/returns/quote',
        tags,
        summary: 'Quote a return',
        description: `What the customer would get back for this request, before asking: each item's frozen share, the shipping charge (only when the whole order comes back for a shop-fault reason), the return fee (once, when any reason is changed_mind or size_fit) and where the money goes (the gateway first, then gift cards, then points; all of it as store credit for \`refund_to: store_credit\` or a cash-on-delivery order). An item with \`exchange_variant_id\` asks for that variant instead of money: its amount is 0 and it adds nothing to the totals (no fee, no shipping); the variant's stock is checked, not taken. Nothing is written. ${REQUEST_ERRORS}`,
      },
      errors: ['RETURN_NOT_ALLOWED', 'OUT_OF_STOCK'],
    })
    .input(ZReturnRequest)
    .output(ZReturnQuoteOutput)
    .mutation(async ({ ctx, input }) =>
      ok(toQuoteDto(await ctx.services.returns.quote(ctx.session.user.id, input))),
    ),

  create: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/orders/{id}/returns',
        tags,
        summary: 'Request a return',
        description: `Asks to send units back: 201 with the return (status \`requested\`, or \`approved\` at once when every item's reason is one the shop approves automatically) and the quote it was made with. An exchange (\`exchange_variant_id\`) is sent when the shop receives its units: a replacement order at price 0 to the same address (it appears in the customer's orders), the return ending \`exchanged\` with \`replacement_order_id\` (push \`return_exchanged\`); a return that also refunds items is refunded as usual after. Two requests for the same line never exceed its units. ${REQUEST_ERRORS}`,
      },
      successStatus: 201,
      errors: ['RETURN_NOT_ALLOWED', 'OUT_OF_STOCK'],
    })
    .input(ZReturnRequest)
    .output(ZReturnOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        toReturnDto(await ctx.services.returns.create(ctx.session.user.id, input)),
        'Return requested.',
      ),
    ),

  list: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/returns',
        tags,
        summary: 'List returns',
        description:
          "The customer's returns, newest first. Paginated: `page` ≥ 1, `per_page` 1–100 (default 15).",
      },
    })
    .input(ZReturnListInput)
    .output(ZReturnListOutput)
    .query(async ({ ctx, input }) => {
      const { items, total } = await ctx.services.returns.list(ctx.session.user.id, input);
      return page(items.map(toReturnDto), metaFor(input, total));
    }),

  get: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/returns/{id}',
        tags,
        summary: 'Get return',
        description: 'One return with its items, quote and events. Another customer’s answers 404.',
      },
    })
    .input(ZReturnId)
    .output(ZReturnOutput)
    .query(async ({ ctx, input }) =>
      ok(toReturnDto(await ctx.services.returns.get(input.id, ctx.session.user.id))),
    ),

  cancel: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/returns/{id}/cancel',
        tags,
        summary: 'Cancel return',
        description:
          'Withdraws a return while it is `requested` or `approved` (its units become returnable again); later 422 RETURN_NOT_ALLOWED. Another customer’s answers 404.',
      },
      errors: ['RETURN_NOT_ALLOWED'],
    })
    .input(ZReturnId)
    .output(ZReturnOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        toReturnDto(await ctx.services.returns.cancel(input.id, ctx.session.user.id)),
        'Return cancelled.',
      ),
    ),
});
