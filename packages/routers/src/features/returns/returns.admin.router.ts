import { ok, page } from '../../envelope';
import { metaFor } from '../../pagination';
import { adminProcedure, router } from '../../trpc';
import { AWAITING_APPROVAL_MESSAGE, requesterOf } from '../orders';
import {
  toReturnDto,
  toSettingsDto,
  ZAdminReturnListInput,
  ZApproveReturnInput,
  ZReceiveReturnInput,
  ZRejectReturnInput,
  ZReturnId,
  ZReturnListOutput,
  ZReturnOutput,
  ZReturnSettingsOutput,
  ZReturnSettingsUpdate,
} from './returns.schemas';

/** A return refunded, or still received with its refund awaiting approval (docs/refunds.md). */
const refunded = (found: Parameters<typeof toReturnDto>[0]) =>
  ok(
    toReturnDto(found),
    found.status === 'refunded' ? 'Return refunded.' : AWAITING_APPROVAL_MESSAGE,
  );

/** admin.returns.* (/trpc only): the shop's handling of returns. */
export const returnsAdminRouter = router({
  list: adminProcedure('orders:read')
    .input(ZAdminReturnListInput)
    .output(ZReturnListOutput)
    .query(async ({ ctx, input }) => {
      const { items, total } = await ctx.services.returns.admin.list(
        { status: input.status, orderId: input.order_id },
        input,
      );
      return page(items.map(toReturnDto), metaFor(input, total));
    }),
  get: adminProcedure('orders:read')
    .input(ZReturnId)
    .output(ZReturnOutput)
    .query(async ({ ctx, input }) =>
      ok(toReturnDto(await ctx.services.returns.admin.get(input.id))),
    ),
  approve: adminProcedure('returns:manage')
    .input(ZApproveReturnInput)
    .output(ZReturnOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        toReturnDto(await ctx.services.returns.admin.approve(input.id, input.note)),
        'Return approved.',
      ),
    ),
  reject: adminProcedure('returns:manage')
    .input(ZRejectReturnInput)
    .output(ZReturnOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        toReturnDto(await ctx.services.returns.admin.reject(input.id, input.reason)),
        'Return rejected.',
      ),
    ),
  receive: adminProcedure('returns:manage')
    .meta({ changesCatalog: true })
    .input(ZReceiveReturnInput)
    .output(ZReturnOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        toReturnDto(
          await ctx.services.returns.admin.receive(
            input.id,
            input.items.map((item) => ({
              orderItemId: item.order_item_id,
              quantity: item.quantity,
              condition: item.condition,
            })),
          ),
        ),
        'Return received.',
      ),
    ),
  sendReplacement: adminProcedure('returns:manage')
    .meta({ changesCatalog: true })
    .input(ZReturnId)
    .output(ZReturnOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        toReturnDto(await ctx.services.returns.admin.sendReplacement(input.id)),
        'Replacement sent.',
      ),
    ),
  refund: adminProcedure('refunds:issue')
    .input(ZReturnId)
    .output(ZReturnOutput)
    .mutation(async ({ ctx, input }) =>
      refunded(await ctx.services.returns.admin.refund(input.id, requesterOf(ctx))),
    ),
});

/** Merged into admin.settings (root.ts): the shop's return policy. */
export const returnSettingsAdminRouter = router({
  getReturns: adminProcedure('settings:write')
    .output(ZReturnSettingsOutput)
    .query(async ({ ctx }) => ok(toSettingsDto(await ctx.services.returns.settings.get()))),
  updateReturns: adminProcedure('settings:write')
    .input(ZReturnSettingsUpdate)
    .output(ZReturnSettingsOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        toSettingsDto(await ctx.services.returns.settings.update(input)),
        'Return settings saved.',
      ),
    ),
});
