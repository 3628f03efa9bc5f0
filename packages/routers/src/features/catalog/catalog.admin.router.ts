import { ok, page } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZIdInput } from '../../zod-helpers';
import {
  ZAdminProductCreateInput,
  ZAdminProductListInput,
  ZAdminProductListOutput,
  ZAdminProductOutput,
  ZAdminProductUpdateInput,
  ZApplyDescriptionInput,
  ZCategoryDeleteOutput,
  ZCategoryInput,
  ZCategoryUpdateInput,
  ZImageAddInput,
  ZImageRefInput,
  ZImageReorderInput,
  ZImageUpdateInput,
  ZImageUploadInput,
  ZSetStockInput,
  ZVariantAddInput,
  ZVariantRefInput,
  ZVariantUpdateInput,
} from './catalog.admin.schemas';
import { ZCategoryOutput } from './catalog.schemas';

/* admin.products and admin.categories (/trpc only). A product's images and variants answer with
 * the whole product as it is afterwards. */

const productImagesRouter = router({
  add: adminProcedure('products:write')
    .input(ZImageAddInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) => {
      const { product_id, ...image } = input;
      return ok(await ctx.services.catalog.parts.addImage(product_id, image), 'Image added.');
    }),
  /** A file from the panel (base64 in the JSON body, as /trpc carries no multipart). */
  upload: adminProcedure('products:write')
    .input(ZImageUploadInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) => {
      const { product_id, ...image } = input;
      return ok(await ctx.services.catalog.parts.uploadImage(product_id, image), 'Image uploaded.');
    }),
  update: adminProcedure('products:write')
    .input(ZImageUpdateInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) => {
      const { product_id, image_id, ...changes } = input;
      return ok(
        await ctx.services.catalog.parts.updateImage(product_id, image_id, changes),
        'Image updated.',
      );
    }),
  remove: adminProcedure('products:write')
    .input(ZImageRefInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.catalog.parts.removeImage(input.product_id, input.image_id),
        'Image removed.',
      ),
    ),
  /** Every image id of the product in the new order; the first is the main image. */
  reorder: adminProcedure('products:write')
    .input(ZImageReorderInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.catalog.parts.reorderImages(input.product_id, input.image_ids),
        'Images reordered.',
      ),
    ),
});

const productVariantsRouter = router({
  /** Configurable products only; SKUs are unique across products and variants (422 `sku`). */
  add: adminProcedure('products:write')
    .input(ZVariantAddInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) => {
      const { product_id, ...variant } = input;
      return ok(await ctx.services.catalog.parts.addVariant(product_id, variant), 'Variant added.');
    }),
  update: adminProcedure('products:write')
    .input(ZVariantUpdateInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) => {
      const { product_id, variant_id, ...changes } = input;
      return ok(
        await ctx.services.catalog.parts.updateVariant(product_id, variant_id, changes),
        'Variant updated.',
      );
    }),
  /** Carts lose the variant's lines; orders keep their copy. */
  remove: adminProcedure('products:write')
    .input(ZVariantRefInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.catalog.parts.removeVariant(input.product_id, input.variant_id),
        'Variant removed.',
      ),
    ),
});

export const productsAdminRouter = router({
  /** Every product, inactive ones included; search (name, SKU), active, stock and category. */
  list: adminProcedure('products:read')
    .input(ZAdminProductListInput)
    .output(ZAdminProductListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.catalog.admin.list(input);
      return page(items, meta);
    }),
  get: adminProcedure('products:read')
    .input(ZIdInput)
    .output(ZAdminProductOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.catalog.admin.get(input.id))),
  /** A simple product; slug derived from the name unless given. */
  create: adminProcedure('products:write')
    .input(ZAdminProductCreateInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.catalog.admin.create(input), 'Product created.'),
    ),
  update: adminProcedure('products:write')
    .input(ZAdminProductUpdateInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      return ok(await ctx.services.catalog.admin.update(id, changes), 'Product updated.');
    }),
  setStock: adminProcedure('products:write')
    .input(ZSetStockInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.catalog.admin.setStock(input.id, input.stock, input.variant_id),
        'Stock updated.',
      ),
    ),
  deactivate: adminProcedure('products:write')
    .input(ZIdInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.catalog.admin.deactivate(input.id), 'Product deactivated.'),
    ),
  /** Saves a description (e.g. one generated by AI and reviewed) to the product. */
  applyDescription: adminProcedure('products:write')
    .input(ZApplyDescriptionInput)
    .output(ZAdminProductOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.catalog.admin.applyDescription(input.id, {
          shortDescription: input.short_description,
          description: input.description,
        }),
        'Description saved.',
      ),
    ),
  images: productImagesRouter,
  variants: productVariantsRouter,
});

export const categoriesAdminRouter = router({
  /** Slug derived from the name unless given; `parent_id` places it in the tree. */
  create: adminProcedure('products:write')
    .input(ZCategoryInput)
    .output(ZCategoryOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.catalog.categories.createCategory(input), 'Category created.'),
    ),
  update: adminProcedure('products:write')
    .input(ZCategoryUpdateInput)
    .output(ZCategoryOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      return ok(
        await ctx.services.catalog.categories.updateCategory(id, changes),
        'Category updated.',
      );
    }),
  /** 422 while it has subcategories; its products stay, unlinked from it. */
  delete: adminProcedure('products:write')
    .input(ZIdInput)
    .output(ZCategoryDeleteOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.catalog.categories.deleteCategory(input.id), 'Category deleted.'),
    ),
});
