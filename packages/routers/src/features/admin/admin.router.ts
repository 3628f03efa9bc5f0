import { ok, page, ZNullEnvelope } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import type { AgentValues } from '../ai/ai.repository';
import { ZCategoryOutput } from '../catalog/catalog.schemas';
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
  ZAdminProductCreateInput,
  ZAdminProductOutput,
  ZAdminProductUpdateInput,
  ZAdminReviewListInput,
  ZAdminReviewListOutput,
  ZAdminShipInput,
  ZAgentInput,
  ZAgentListOutput,
  ZAgentOutput,
  ZAgentUpdateInput,
  ZApplyDescriptionInput,
  ZBlockInput,
  ZCategoryDeleteOutput,
  ZCategoryInput,
  ZCategoryUpdateInput,
  ZCouponInput,
  ZCouponListInput,
  ZCouponListOutput,
  ZCouponOutput,
  ZCouponUpdateInput,
  ZFeaturesOutput,
  ZIdInput,
  ZSetFeatureInput,
  ZSetStockInput,
} from './admin.schemas';
import { productImagesRouter, productVariantsRouter } from './admin-catalog.router';
import {
  bannersRouter,
  currenciesRouter,
  shippingMethodsRouter,
  taxRatesRouter,
} from './admin-store.router';

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

  products: router({
    get: adminProcedure
      .input(ZIdInput)
      .output(ZAdminProductOutput)
      .query(async ({ ctx, input }) => ok(await ctx.services.catalogAdmin.get(input.id))),
    /** A simple product; slug derived from the name unless given. */
    create: adminProcedure
      .input(ZAdminProductCreateInput)
      .output(ZAdminProductOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.catalogAdmin.create(input), 'Product created.'),
      ),
    update: adminProcedure
      .input(ZAdminProductUpdateInput)
      .output(ZAdminProductOutput)
      .mutation(async ({ ctx, input }) => {
        const { id, ...changes } = input;
        return ok(await ctx.services.catalogAdmin.update(id, changes), 'Product updated.');
      }),
    setStock: adminProcedure
      .input(ZSetStockInput)
      .output(ZAdminProductOutput)
      .mutation(async ({ ctx, input }) =>
        ok(
          await ctx.services.catalogAdmin.setStock(input.id, input.stock, input.variant_id),
          'Stock updated.',
        ),
      ),
    deactivate: adminProcedure
      .input(ZIdInput)
      .output(ZAdminProductOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.catalogAdmin.deactivate(input.id), 'Product deactivated.'),
      ),
    /** Saves a description (e.g. one generated by AI and reviewed) to the product. */
    applyDescription: adminProcedure
      .input(ZApplyDescriptionInput)
      .output(ZAdminProductOutput)
      .mutation(async ({ ctx, input }) =>
        ok(
          await ctx.services.catalogAdmin.applyDescription(input.id, {
            shortDescription: input.short_description,
            description: input.description,
          }),
          'Description saved.',
        ),
      ),
    images: productImagesRouter,
    variants: productVariantsRouter,
  }),

  categories: router({
    /** Slug derived from the name unless given; `parent_id` places it in the tree. */
    create: adminProcedure
      .input(ZCategoryInput)
      .output(ZCategoryOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.catalogAdmin.createCategory(input), 'Category created.'),
      ),
    update: adminProcedure
      .input(ZCategoryUpdateInput)
      .output(ZCategoryOutput)
      .mutation(async ({ ctx, input }) => {
        const { id, ...changes } = input;
        return ok(await ctx.services.catalogAdmin.updateCategory(id, changes), 'Category updated.');
      }),
    /** 422 while it has subcategories; its products stay, unlinked from it. */
    delete: adminProcedure
      .input(ZIdInput)
      .output(ZCategoryDeleteOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.catalogAdmin.deleteCategory(input.id), 'Category deleted.'),
      ),
  }),

  reviews: router({
    /** Every review, newest first; `product_id` narrows to one product. */
    list: adminProcedure
      .input(ZAdminReviewListInput)
      .output(ZAdminReviewListOutput)
      .query(async ({ ctx, input }) => {
        const { items, meta } = await ctx.services.reviews.adminList({
          page: input.page,
          per_page: input.per_page,
          productId: input.product_id,
        });
        return page(items, meta);
      }),
    /** Removes a review; the product's rating and review count stay exact. */
    remove: adminProcedure
      .input(ZIdInput)
      .output(ZNullEnvelope)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.reviews.adminRemove(input.id), 'Review removed.'),
      ),
  }),

  coupons: router({
    list: adminProcedure
      .input(ZCouponListInput)
      .output(ZCouponListOutput)
      .query(async ({ ctx, input }) => {
        const { items, meta } = await ctx.services.coupons.list(input);
        return page(items, meta);
      }),
    create: adminProcedure
      .input(ZCouponInput)
      .output(ZCouponOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.coupons.create(input), 'Coupon created.'),
      ),
    update: adminProcedure
      .input(ZCouponUpdateInput)
      .output(ZCouponOutput)
      .mutation(async ({ ctx, input }) => {
        const { id, ...changes } = input;
        return ok(await ctx.services.coupons.update(id, changes), 'Coupon updated.');
      }),
    /** The coupon no longer applies; orders that used it keep it. */
    deactivate: adminProcedure
      .input(ZIdInput)
      .output(ZCouponOutput)
      .mutation(async ({ ctx, input }) =>
        ok(await ctx.services.coupons.deactivate(input.id), 'Coupon deactivated.'),
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

  banners: bannersRouter,
  currencies: currenciesRouter,
  shippingMethods: shippingMethodsRouter,
  taxRates: taxRatesRouter,

  sync: router({
    status: adminProcedure.output(ZSyncStatus).query(({ ctx }) => ctx.services.sync.status()),
  }),
});
