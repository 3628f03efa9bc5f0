import { ok, page } from '../../envelope';
import { catalogReadProcedure, router } from '../../trpc';
import {
  ZCategoryListOutput,
  ZCategoryOutput,
  ZCategoryProductsInput,
  ZCategoryTreeOutput,
  ZIdInput,
  ZLimitInput,
  ZPageInput,
  ZProductDetailOutput,
  ZProductListInput,
  ZProductListOutput,
  ZProductPageOutput,
} from './catalog.schemas';

/* Literal paths (/products/featured) come before /products/{id}: the first matching route wins. */
export const productsRouter = router({
  list: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products',
        tags: ['catalog'],
        protect: false,
        summary: 'List products',
        description:
          'Visible products, optionally in a category (`category_id`) and its subcategories. Paginated: `page` ≥ 1, `per_page` 1–100 (default 15), with `meta` giving the total; sorted newest first unless `sort` is given. An unknown category_id answers 422.',
      },
    })
    .input(ZProductListInput)
    .output(ZProductPageOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.catalog.products.listProducts(input);
      return page(items, meta);
    }),

  featured: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/featured',
        tags: ['catalog'],
        protect: false,
        summary: 'Featured products',
        description: 'Products marked featured, newest first; `limit` 1–50 (default 10).',
      },
    })
    .input(ZLimitInput)
    .output(ZProductListOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.catalog.products.featured(input.limit))),

  onSale: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/on-sale',
        tags: ['catalog'],
        protect: false,
        summary: 'Products on sale',
        description:
          'Products whose sale is active now (special price below the price, within its dates). Paginated: `page` ≥ 1, `per_page` 1–100 (default 15), with `meta` giving the total; sorted newest first unless `sort` is given.',
      },
    })
    .input(ZPageInput)
    .output(ZProductPageOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.catalog.products.onSale(input);
      return page(items, meta);
    }),

  newArrivals: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/new-arrivals',
        tags: ['catalog'],
        protect: false,
        summary: 'New arrivals',
        description: 'Recently added products, newest first; `limit` 1–50 (default 10).',
      },
    })
    .input(ZLimitInput)
    .output(ZProductListOutput)
    .query(async ({ ctx, input }) =>
      ok(await ctx.services.catalog.products.newArrivals(input.limit)),
    ),

  detail: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/{id}',
        tags: ['catalog'],
        protect: false,
        summary: 'Get product',
        description:
          'One visible product with images, categories, variants, attributes, recent reviews and meta. An unknown or inactive product answers 404.',
      },
    })
    .input(ZIdInput)
    .output(ZProductDetailOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.catalog.products.product(input.id))),

  related: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/{id}/related',
        tags: ['catalog'],
        protect: false,
        summary: 'Related products',
        description:
          'Up to 10 visible products sharing a category with this one, never the product itself.',
      },
    })
    .input(ZIdInput)
    .output(ZProductListOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.catalog.products.related(input.id))),
});

export const categoriesRouter = router({
  list: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/categories',
        tags: ['catalog'],
        protect: false,
        summary: 'List categories',
        description:
          'Every category with the number of visible products in it and its subcategories.',
      },
    })
    .output(ZCategoryListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.catalog.products.categories())),

  tree: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/categories/tree',
        tags: ['catalog'],
        protect: false,
        summary: 'Category tree',
        description: 'The categories as a tree: nested `children`, siblings ordered by position.',
      },
    })
    .output(ZCategoryTreeOutput)
    .query(async ({ ctx }) => ok(await ctx.services.catalog.products.categoryTree())),

  detail: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/categories/{id}',
        tags: ['catalog'],
        protect: false,
        summary: 'Get category',
        description: 'One category. An unknown id answers 404.',
      },
    })
    .input(ZIdInput)
    .output(ZCategoryOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.catalog.products.category(input.id))),

  products: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/categories/{id}/products',
        tags: ['catalog'],
        protect: false,
        summary: 'Category products',
        description:
          'Visible products in the category and its subcategories. Paginated: `page` ≥ 1, `per_page` 1–100 (default 15), with `meta` giving the total; sorted newest first unless `sort` is given.',
      },
    })
    .input(ZCategoryProductsInput)
    .output(ZProductPageOutput)
    .query(async ({ ctx, input }) => {
      const { id, ...pageInput } = input;
      const { items, meta } = await ctx.services.catalog.products.categoryProducts(id, pageInput);
      return page(items, meta);
    }),
});
