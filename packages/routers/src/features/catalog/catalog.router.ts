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

const PAGINATION =
  'Paginated: `page` ≥ 1, `per_page` 1–100 (default 15); sorted newest first unless `sort` is given.';

/* Literal paths (/products/featured) come before /products/{id}: the first matching route wins. */
export const productsRouter = router({
  list: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products',
        tags: ['catalog'],
        summary: 'Visible products, optionally in a category (and its subcategories)',
        description: `${PAGINATION} An unknown category_id answers 422.`,
        protect: false,
      },
    })
    .input(ZProductListInput)
    .output(ZProductPageOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.catalog.listProducts(input);
      return page(items, meta);
    }),

  featured: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/featured',
        tags: ['catalog'],
        summary: 'Featured products, newest first (`limit` 1–50, default 10)',
        protect: false,
      },
    })
    .input(ZLimitInput)
    .output(ZProductListOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.catalog.featured(input.limit))),

  onSale: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/on-sale',
        tags: ['catalog'],
        summary: 'Products whose sale is active now (special_price < price)',
        description: PAGINATION,
        protect: false,
      },
    })
    .input(ZPageInput)
    .output(ZProductPageOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.catalog.onSale(input);
      return page(items, meta);
    }),

  newArrivals: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/new-arrivals',
        tags: ['catalog'],
        summary: 'Recently added products, newest first (`limit` 1–50, default 10)',
        protect: false,
      },
    })
    .input(ZLimitInput)
    .output(ZProductListOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.catalog.newArrivals(input.limit))),

  detail: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/{id}',
        tags: ['catalog'],
        summary: 'One product with images, categories, variants, attributes, recent reviews, meta',
        errorResponses: [404],
        protect: false,
      },
    })
    .input(ZIdInput)
    .output(ZProductDetailOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.catalog.product(input.id))),

  related: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/{id}/related',
        tags: ['catalog'],
        summary: 'Up to 10 visible products sharing a category with this one (never itself)',
        errorResponses: [404],
        protect: false,
      },
    })
    .input(ZIdInput)
    .output(ZProductListOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.catalog.related(input.id))),
});

export const categoriesRouter = router({
  list: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/categories',
        tags: ['catalog'],
        summary: 'All categories with their visible product counts',
        protect: false,
      },
    })
    .output(ZCategoryListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.catalog.categories())),

  tree: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/categories/tree',
        tags: ['catalog'],
        summary: 'The category tree: nested `children`, siblings by position',
        protect: false,
      },
    })
    .output(ZCategoryTreeOutput)
    .query(async ({ ctx }) => ok(await ctx.services.catalog.categoryTree())),

  detail: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/categories/{id}',
        tags: ['catalog'],
        summary: 'One category',
        errorResponses: [404],
        protect: false,
      },
    })
    .input(ZIdInput)
    .output(ZCategoryOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.catalog.category(input.id))),

  products: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/categories/{id}/products',
        tags: ['catalog'],
        summary: 'Visible products in the category and its subcategories',
        description: PAGINATION,
        errorResponses: [404],
        protect: false,
      },
    })
    .input(ZCategoryProductsInput)
    .output(ZProductPageOutput)
    .query(async ({ ctx, input }) => {
      const { id, ...pageInput } = input;
      const { items, meta } = await ctx.services.catalog.categoryProducts(id, pageInput);
      return page(items, meta);
    }),
});
