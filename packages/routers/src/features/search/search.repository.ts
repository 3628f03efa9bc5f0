import type { Executor } from '@storefront/db/client';
import { categories, products, searchTerms } from '@storefront/db/schema';
import { sortedLetters } from '@storefront/db/search-index';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { type CatalogRepository, inCategories, productOrder } from '../catalog/catalog.repository';
import type { ProductSort } from '../catalog/catalog.schemas';

export interface ProductSearch {
  /** A to_tsquery('english') expression built from sanitised words. */
  tsquery: string;
  /** The raw query, for the exact SKU match. */
  raw: string;
  /** A category and its descendants. */
  categoryIds?: number[];
  sort?: ProductSort;
  limit: number;
  offset: number;
  now: Date;
  /** How the total is obtained from its count (the service may reuse a recent one). */
  total?: (key: string, count: () => Promise<number>) => Promise<number>;
}

/** Relevance: weighted rank (name A, categories B, short C, long description D). */
const RANK_WEIGHTS = '{0.05, 0.2, 0.4, 1.0}';

/** Word prefixes of a name: the 'simple' configuration keeps every word, lower-cased. */
const nameWords = (name: SQL | unknown) => sql`to_tsvector('simple'::regconfig, ${name})`;

export function createSearchRepository(db: Executor, catalog: CatalogRepository) {
  /** The page and the total of one search, through the catalogue's list query. */
  async function page(kind: string, where: SQL | undefined, orderBy: SQL[], query: ProductSearch) {
    const count = () => catalog.countProducts(where);
    const key = JSON.stringify([kind, query.tsquery, query.raw, query.categoryIds ?? null]);
    const [items, total] = await Promise.all([
      catalog.summaries({
        where,
        orderBy,
        limit: query.limit,
        offset: query.offset,
        now: query.now,
      }),
      query.total ? query.total(key, count) : count(),
    ]);
    return { items, total };
  }

  const category = (query: ProductSearch) =>
    query.categoryIds === undefined ? undefined : inCategories(query.categoryIds);

  return {
    /**
     * Full-text search over the weighted document (GIN), or the SKU exactly (unique index);
     * the exact SKU comes first, then relevance.
     */
    async search(query: ProductSearch) {
      const tsq = sql`to_tsquery('english'::regconfig, ${query.tsquery})`;
      const skuMatch = sql`${products.sku} in (${query.raw}, upper(${query.raw}))`;
      const matches = query.tsquery
        ? or(sql`${products.searchVector} @@ ${tsq}`, skuMatch)
        : skuMatch;
      const where = and(sql`${products.active}`, matches, category(query));
      const orderBy = query.sort
        ? productOrder(query.sort, query.now)
        : [
            desc(skuMatch),
            ...(query.tsquery
              ? [desc(sql`ts_rank(${RANK_WEIGHTS}::float4[], ${products.searchVector}, ${tsq})`)]
              : []),
            desc(products.id),
          ];
      return page('search', where, orderBy, query);
    },

    /** Fallback when nothing matched: names containing the query's trigrams (GIN trigram index). */
    async searchSimilarNames(query: ProductSearch) {
      const where = and(
        sql`${products.active}`,
        sql`${query.raw} <% ${products.name}`,
        category(query),
      );
      const orderBy = query.sort
        ? productOrder(query.sort, query.now)
        : [desc(sql`word_similarity(${query.raw}, ${products.name})`), desc(products.id)];
      return page('similar', where, orderBy, query);
    },

    /**
     * The lexicon word closest to a (possibly misspelled) word: trigram neighbours (GIN) and
     * words with the same letters (a swap of two letters), best trigram similarity first.
     */
    async closestTerm(word: string): Promise<string | undefined> {
      const [row] = await db
        .select({ word: searchTerms.word })
        .from(searchTerms)
        .where(
          or(
            sql`${searchTerms.word} % ${word}`,
            eq(searchTerms.letters, sortedLetters(sql`${word}`)),
          ),
        )
        .orderBy(desc(sql`similarity(${searchTerms.word}, ${word})`), asc(searchTerms.word))
        .limit(1);
      return row?.word;
    },

    /**
     * Distinct product or category names having a word that starts with each query word
     * (`head:*` over the names' word index); names starting with the query first, then shorter.
     */
    async suggestions(prefixQuery: string, raw: string, limit: number): Promise<string[]> {
      const tsq = sql`to_tsquery('simple'::regconfig, ${prefixQuery})`;
      const order = (name: SQL | unknown) => [
        desc(sql`starts_with(lower(${name}), lower(${raw}))`),
        asc(sql`length(${name})`),
        asc(name as SQL),
      ];
      const [productNames, categoryNames] = await Promise.all([
        db
          .select({ name: products.name })
          .from(products)
          .where(and(sql`${products.active}`, sql`${nameWords(products.name)} @@ ${tsq}`))
          .groupBy(products.name)
          .orderBy(...order(products.name))
          .limit(limit),
        db
          .select({ name: categories.name })
          .from(categories)
          .where(sql`${nameWords(categories.name)} @@ ${tsq}`)
          .groupBy(categories.name)
          .orderBy(...order(categories.name))
          .limit(limit),
      ]);
      return [...categoryNames, ...productNames].map((row) => row.name);
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
