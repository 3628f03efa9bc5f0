import type { CountCache, TtlCache } from '../../count-cache';
import { pageMeta } from '../../envelope';
import type { Clock } from '../../ports';
import { type CatalogService, type DefaultCurrency, toProductSummaryDto } from '../catalog';
import type { SearchRepository } from './search.repository';
import type { SearchInput } from './search.schemas';

export interface SearchServiceDeps {
  repo: SearchRepository;
  catalog: Pick<CatalogService, 'requireCategoryFilter'>;
  clock: Clock;
  /** Recent result totals; without it every page is counted. */
  counts?: CountCache;
  /**
   * Recently built full-text queries by query words (their corrections and completions come
   * from the lexicon, which changes only with the catalogue); without it each search builds its own.
   */
  queries?: TtlCache<string>;
  /** The currency prices are shown in (store-settings' cached read). */
  defaultCurrency: DefaultCurrency;
}

const MAX_WORDS = 10;
/** Words this long may be misspelled versions of a lexicon word (one typo in 5+ letters). */
const MIN_CORRECTED_LENGTH = 4;
const MAX_SUGGESTIONS = 10;
/** A last word this long is completed from the lexicon; a shorter one stays a tsquery prefix. */
const MIN_COMPLETED_LENGTH = 3;
/** More completions than this and the last word stays a tsquery prefix (`word:*`). */
const MAX_COMPLETIONS = 20;

/** Lower-case words of letters and digits: safe to put into a tsquery as they are. */
export function queryWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

export function createSearchService({
  repo,
  catalog,
  clock,
  counts,
  queries,
  defaultCurrency,
}: SearchServiceDeps) {
  /**
   * The last word as typed so far (as-you-type searches): itself and the lexicon words it
   * begins, as plain terms. A tsquery prefix (`head:*`) made PostgreSQL read every posting under
   * the prefix before intersecting (2.8 ms against 0.3 ms for the same matches at 100,000
   * products, docs/performance.md); a word too short or too common to list stays a prefix.
   */
  async function lastWordTerms(word: string): Promise<string[]> {
    if (word.length < MIN_COMPLETED_LENGTH) return [`${word}:*`];
    const completions = await repo.completions(word, MAX_COMPLETIONS + 1);
    if (completions.length > MAX_COMPLETIONS) return [`${word}:*`];
    return [word, ...completions.filter((completion) => completion !== word)];
  }

  /**
   * `word | correction` per query word (the last one also completed), all words required:
   * "wireless hedphones" → `(wireless) & (hedphones | headphones)`.
   */
  async function buildTsquery(words: string[]): Promise<string> {
    const [corrections, lastTerms] = await Promise.all([
      Promise.all(
        words.map((word) =>
          word.length >= MIN_CORRECTED_LENGTH && !/^\p{N}+$/u.test(word)
            ? repo.closestTerm(word)
            : undefined,
        ),
      ),
      lastWordTerms(words.at(-1) ?? ''),
    ]);
    return words
      .map((word, i) => {
        const alternatives = i === words.length - 1 ? [...lastTerms] : [word];
        const correction = corrections[i];
        if (correction && !alternatives.includes(correction)) alternatives.push(correction);
        return `(${alternatives.join(' | ')})`;
      })
      .join(' & ');
  }

  const tsqueryOf = (words: string[]) =>
    queries ? queries.get(words.join(' '), () => buildTsquery(words)) : buildTsquery(words);

  return {
    async search(input: SearchInput) {
      const categoryIds =
        input.category_id === undefined
          ? undefined
          : await catalog.requireCategoryFilter(input.category_id);
      const query = {
        tsquery: await tsqueryOf(queryWords(input.q)),
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
      const currency = defaultCurrency();
      let result = await repo.search(query);
      if (result.total === 0) result = await repo.searchSimilarNames(query);
      const shownIn = await currency;
      return {
        items: result.items.map((record) => toProductSummaryDto(record, shownIn)),
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
