import { ok, page } from '../../envelope';
import { catalogReadProcedure, router } from '../../trpc';
import {
  ZSearchInput,
  ZSearchOutput,
  ZSuggestionsInput,
  ZSuggestionsOutput,
} from './search.schemas';

export const searchRouter = router({
  suggestions: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/search/suggestions',
        tags: ['search'],
        protect: false,
        summary: 'Search suggestions',
        description:
          'Up to 10 product and category names in which each word of `q` starts a word, case-insensitive; for type-ahead. Not paginated.',
      },
    })
    .input(ZSuggestionsInput)
    .output(ZSuggestionsOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.search.suggestions(input.q))),

  products: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/search',
        tags: ['search'],
        protect: false,
        summary: 'Search products',
        description:
          'Searches visible products by relevance over name, SKU, short and long description and category names: an exact SKU comes first, then name matches above description matches. One typo in a word of 5 or more letters is tolerated. Paginated like product lists; `sort` replaces relevance order.',
      },
    })
    .input(ZSearchInput)
    .output(ZSearchOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.search.search(input);
      return page(items, meta);
    }),
});
