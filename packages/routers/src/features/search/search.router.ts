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
        summary: 'Up to 10 product and category names with a word starting with q',
        description:
          'Case-insensitive; each word of q must start a word of the name. Not paginated.',
        protect: false,
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
        summary: 'Search visible products by relevance',
        description:
          'Matches name, SKU, short and long description and category names; an exact SKU comes first, then name matches above description matches. One typo in a word of 5+ letters is tolerated. Paginated like product lists; `sort` replaces relevance order.',
        protect: false,
      },
    })
    .input(ZSearchInput)
    .output(ZSearchOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.search.search(input);
      return page(items, meta);
    }),
});
