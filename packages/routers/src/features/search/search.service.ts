import type { CountCache } from '../../count-cache';
import { pageMeta } from '../../envelope';
import type { Clock } from '../../ports';
import type { CatalogService } from '../catalog/catalog.service';
import { toProductSummaryDto } from '../catalog/product.dto';
import type { SearchRepository } from './search.repository';
import type { SearchInput } from './search.schemas';

export interface SearchServiceDeps {
  repo: SearchRepository;
  catalog: Pick<CatalogService, 'requireCategoryFilter'>;
  clock: Clock;
  /** Recent result totals; without it every page is counted. */
  counts?: CountCache;
}

const MAX_WORDS = 10;
/** Words this long may be misspelled versions of a lexicon word (one typo in 5+ letters). */
const MIN_CORRECTED_LENGTH = 4;
const MAX_SUGGESTIONS = 10;

/** Lower-case words of letters and digits: safe to put into a tsquery as they are. */
export function queryWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

export function createSearchService({ repo, catalog, clock, counts }: SearchServiceDeps) {
  /**
   * `word | correction` per query word (the last word also as a prefix, for as-you-type
   * searches), all words required: "wireless hedphones" → `wireless & (hedphones:* | headphones)`.
   */
  async function buildTsquery(words: string[]): Promise<string> {
    const corrections = await Promise.all(
      words.map((word) =>
        word.length >= MIN_CORRECTED_LENGTH && !/^\p{N}+$/u.test(word)
          ? repo.closestTerm(word)
          : undefined,
      ),
    );
    return words
      .map((word, i) => {
        const alternatives = [i === words.length - 1 ? `${word}:*` : word];
        const correction = corrections[i];
        if (correction && correction !== word) alternatives.push(correction);
        return `(${alternatives.join(' | ')})`;
      })
      .join(' & ');
  }

  return {
    async search(input: SearchInput) {
      const categoryIds =
        input.category_id === undefined
          ? undefined
          : await catalog.requireCategoryFilter(input.category_id);
      const query = {
        tsquery: await buildTsquery(queryWords(input.q)),
        raw: input.q,
        ...(categoryIds === undefined ? {} : { categoryIds }),
        ...(input.sort === undefined ? {} : { sort: input.sort }),
        limit: input.per_page,
        offset: (input.page - 1) * input.per_page,
        now: clock.now(),
        ...(counts
          ? {
              total: (key: string, count: () => Promise<number>) =>
                counts.get(`search:${key}`, count),
            }
          : {}),
      };
      let result = await repo.search(query);
      if (result.total === 0) result = await repo.searchSimilarNames(query);
      return {
        items: result.items.map(toProductSummaryDto),
        meta: pageMeta(input.page, input.per_page, result.total),
      };
    },

    async suggestions(q: string): Promise<string[]> {
      const words = queryWords(q);
      if (words.length === 0) return [];
      const prefixQuery = words.map((word) => `${word}:*`).join(' & ');
      const names = await repo.suggestions(prefixQuery, q, MAX_SUGGESTIONS);
      const seen = new Set<string>();
      const startsWithQuery = (name: string) => name.toLowerCase().startsWith(q.toLowerCase());
      return names
        .filter((name) => {
          const key = name.toLowerCase();
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        })
        .sort(
          (a, b) =>
            Number(startsWithQuery(b)) - Number(startsWithQuery(a)) ||
            a.length - b.length ||
            a.localeCompare(b),
        )
        .slice(0, MAX_SUGGESTIONS);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
