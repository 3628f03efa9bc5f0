import { ok, page, ZNullEnvelope } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import type { AgentValues } from '../ai/ai.repository';
import {
  ZCancelOrderInput,
  ZOrderId,
  ZOrderListInput,
  ZOrderListOutput,
  ZOrderOutput,
} from '../orders/orders.schemas';
import { ZSyncStatus } from '../sync/sync.schemas';
import {
  type AgentInput,
  ZAdminCustomerListInput,
  ZAdminCustomerListOutput,
  ZAdminCustomerOutput,
  ZAdminShipInput,
  ZAgentInput,
  ZAgentListOutput,
  ZAgentOutput,
  ZAgentUpdateInput,
  ZBlockInput,
  ZFeaturesOutput,
  ZIdInput,
  ZSetFeatureInput,
} from './admin.schemas';

/** API field names → stored agent values; only the fields given. */
function agentValues(input: Partial<AgentInput>): Partial<AgentValues> {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.system_prompt !== undefined ? { systemPrompt: input.system_prompt } : {}),
    ...(input.model !== undefined ? { model: input.model } : {}),
    ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
}

/*
 * The back office, over /trpc only: no procedure here has OpenAPI meta, so none has a REST path.
 * Every procedure requires the admin role (403 FORBIDDEN for customers).
 */
export const adminRouter = router({
  customers: router({
    list: adminProcedure
      .input(ZAdminCustomerListInput)
      .output(ZAdminCustomerListOutput)
      .query(async ({ ctx, input }) => {
        const { items, meta } = await ctx.services.customer.adminList(input);
        return page(items, meta);
      }),
    get: adminProcedure
      .input(ZIdInput)
      .output(ZAdminCustomerOutput)
      .query(async ({ ctx, input }) => ok(await ctx.services.customer.adminGet(input.id))),
    setBlocked: adminProcedure
      .input(ZBlockInput)
      .output(ZAdminCustomerOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.customer.setBlocked(input.id, input.blocked)),
      ),
  }),

  orders: router({
    /** Every customer's orders, newest first, optional status filter. */
    list: adminProcedure
      .input(ZOrderListInput)
      .output(ZOrderListOutput)
      .query(async ({ ctx, input }) => {
        const { items, meta } = await ctx.services.orders.list(undefined, input);
        return page(items, meta);
      }),
    get: adminProcedure
      .input(ZOrderId)
      .output(ZOrderOutput)
      .query(async ({ ctx, input }) => ok(await ctx.services.orders.get(input.id))),
    process: adminProcedure
      .input(ZOrderId)
      .output(ZOrderOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.orders.markProcessing(input.id), 'Order is being prepared.'),
      ),
    ship: adminProcedure
      .input(ZAdminShipInput)
      .output(ZOrderOutput)
      .mutation(async ({ ctx, input }) =>
        ok(
          await ctx.services.orders.ship(input.id, {
            carrier: input.carrier,
            trackingNumber: input.tracking_number,
            trackingUrl: input.tracking_url ?? null,
          }),
          'Order shipped.',
        ),
      ),
    complete: adminProcedure
      .input(ZOrderId)
      .output(ZOrderOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.orders.complete(input.id), 'Order completed.'),
      ),
    /** Any pending or processing order; stock returns and a paid order is refunded. */
    cancel: adminProcedure
      .input(ZCancelOrderInput)
      .output(ZOrderOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.orders.cancel(undefined, input.id, input.reason), 'Order cancelled.'),
      ),
  }),

  settings: router({
    features: adminProcedure
      .output(ZFeaturesOutput)
      .query(async ({ ctx }) => ok(await ctx.services.settings.featureFlags())),
    setFeature: adminProcedure
      .input(ZSetFeatureInput)
      .output(ZFeaturesOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.settings.setFeature(input.flag, input.enabled)),
      ),
  }),

  aiAgents: router({
    list: adminProcedure
      .output(ZAgentListOutput)
      .query(async ({ ctx }) => ok(await ctx.services.aiAgents.list())),
    create: adminProcedure
      .input(ZAgentInput)
      .output(ZAgentOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.aiAgents.create(agentValues(input) as AgentValues)),
      ),
    update: adminProcedure
      .input(ZAgentUpdateInput)
      .output(ZAgentOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.aiAgents.update(input.id, agentValues(input))),
      ),
    remove: adminProcedure
      .input(ZIdInput)
      .output(ZNullEnvelope)
      .mutation(async ({ ctx, input }) => ok(await ctx.services.aiAgents.remove(input.id))),
  }),

  sync: router({
    status: adminProcedure.output(ZSyncStatus).query(({ ctx }) => ctx.services.sync.status()),
  }),
});
