import { ok } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZAdminProductOutput } from './admin.schemas';
import {
  ZImageAddInput,
  ZImageRefInput,
  ZImageReorderInput,
  ZImageUpdateInput,
  ZVariantAddInput,
  ZVariantRefInput,
  ZVariantUpdateInput,
} from './admin-catalog.schemas';

/* A product's images and variants (admin.products.images / .variants, /trpc only). Each answers
 * with the whole product as it is afterwards. */

export const productImagesRouter = router({
  add: adminProcedure
    .input(ZImageAddInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) => {
      const { product_id, ...image } = input;
      return ok(await ctx.services.productParts.addImage(product_id, image), 'Image added.');
    }),
  update: adminProcedure
    .input(ZImageUpdateInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) => {
      const { product_id, image_id, ...changes } = input;
      return ok(
        await ctx.services.productParts.updateImage(product_id, image_id, changes),
        'Image updated.',
      );
    }),
  remove: adminProcedure
    .input(ZImageRefInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.productParts.removeImage(input.product_id, input.image_id),
        'Image removed.',
      ),
    ),
  /** Every image id of the product in the new order; the first is the main image. */
  reorder: adminProcedure
    .input(ZImageReorderInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.productParts.reorderImages(input.product_id, input.image_ids),
        'Images reordered.',
      ),
    ),
});

export const productVariantsRouter = router({
  /** Configurable products only; SKUs are unique across products and variants (422 `sku`). */
  add: adminProcedure
    .input(ZVariantAddInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) => {
      const { product_id, ...variant } = input;
      return ok(await ctx.services.productParts.addVariant(product_id, variant), 'Variant added.');
    }),
  update: adminProcedure
    .input(ZVariantUpdateInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) => {
      const { product_id, variant_id, ...changes } = input;
      return ok(
        await ctx.services.productParts.updateVariant(product_id, variant_id, changes),
        'Variant updated.',
      );
    }),
  /** Carts lose the variant's lines; orders keep their copy. */
  remove: adminProcedure
    .input(ZVariantRefInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.productParts.removeVariant(input.product_id, input.variant_id),
        'Variant removed.',
      ),
    ),
});
