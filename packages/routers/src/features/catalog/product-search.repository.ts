import type { Executor } from '@storefront/db/client';
import { categories, products } from '@storefront/db/schema';
import { and, asc, desc, or, type SQL, sql } from 'drizzle-orm';
import type { CatalogRepository, ProductSummaryRecord } from './catalog.repository';
import type { ProductSort } from './catalog.schemas';
import { inCategories, productOrder, productSummaryColumns } from './product-columns.repository';

/*
 * The catalogue's reads for search (the search slice composes them with its lexicon): products
 * matching a query, and the product and category names for suggestions.
 */

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

/** The exact SKU match (either case as typed, or upper case), first in relevance order. */
const skuMatch = (raw: unknown) => sql`${products.sku} in (${raw}, upper(${raw}))`;

const englishQuery = (tsquery: unknown) => sql`to_tsquery('english'::regconfig, ${tsquery})`;

/** Matches of a search: its words over the weighted document, or the SKU exactly. */
function searchMatches(tsquery: unknown, raw: unknown, withWords: boolean): SQL | undefined {
  return withWords
    ? or(sql`${products.searchVector} @@ ${englishQuery(tsquery)}`, skuMatch(raw))
    : skuMatch(raw);
}

/** The exact SKU first, then relevance (when there are words), then newest. */
function relevanceOrder(tsquery: unknown, raw: unknown, withWords: boolean): SQL[] {
  return [
    desc(skuMatch(raw)),
    ...(withWords
      ? [
          desc(
            sql`ts_rank(${RANK_WEIGHTS}::float4[], ${products.searchVector}, ${englishQuery(tsquery)})`,
          ),
        ]
      : []),
    desc(products.id),
  ];
}

export function createProductSearchRepository(db: Executor, catalog: CatalogRepository) {
  /** The page and the total of one search, through the catalogue's list query. */
  async function page(
    kind: string,
    where: SQL | undefined,
    items: () => Promise<ProductSummaryRecord[]>,
    query: ProductSearch,
  ) {
    const count = () => catalog.countProducts(where);
    const key = JSON.stringify([kind, query.tsquery, query.raw, query.categoryIds ?? null]);
    const [found, total] = await Promise.all([
      items(),
      query.total ? query.total(key, count) : count(),
    ]);
    return { items: found, total };
  }

  /** The page through the catalogue's list query, built for this search (not prepared). */
  const builtPage = (where: SQL | undefined, orderBy: SQL[], query: ProductSearch) => () =>
    catalog.summaries({
      where,
      orderBy,
      limit: query.limit,
      offset: query.offset,
      now: query.now,
    });

  const category = (query: ProductSearch) =>
    query.categoryIds === undefined ? undefined : inCategories(query.categoryIds);

  /**
   * Searches without a category filter (most of them) are built by drizzle once per sort, with
   * the query, `now` and the page as placeholders, like the product lists: building the page
   * query was the largest part of a search's CPU in the API (docs/performance.md). A category
   * filter stays literal (see inCategories) and is built per search.
   */
  const preparedSearches = new Map<string, ReturnType<typeof prepareSearch>>();
  function prepareSearch(sort: ProductSort | undefined, withWords: boolean) {
    const now = sql.placeholder('now');
    const tsquery = sql.placeholder('tsquery');
    const raw = sql.placeholder('raw');
    return db
      .select(productSummaryColumns(now))
      .from(products)
      .where(and(sql`${products.active}`, searchMatches(tsquery, raw, withWords)))
      .orderBy(...(sort ? productOrder(sort, now) : relevanceOrder(tsquery, raw, withWords)))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('product_search');
  }

  return {
    /**
     * Full-text search over the weighted document (GIN), or the SKU exactly (unique index);
     * the exact SKU comes first, then relevance.
     */
    async search(query: ProductSearch) {
      const withWords = query.tsquery !== '';
      const where = and(
        sql`${products.active}`,
        searchMatches(query.tsquery, query.raw, withWords),
        category(query),
      );
      const items = () => {
        if (query.categoryIds !== undefined) {
          const orderBy = query.sort
            ? productOrder(query.sort, query.now)
            : relevanceOrder(query.tsquery, query.raw, withWords);
          return builtPage(where, orderBy, query)();
        }
        const key = `${query.sort ?? 'relevance'}:${withWords}`;
        let prepared = preparedSearches.get(key);
        if (!prepared) {
          prepared = prepareSearch(query.sort, withWords);
          preparedSearches.set(key, prepared);
        }
        return prepared.execute({
          now: query.now.toISOString(),
          tsquery: query.tsquery,
          raw: query.raw,
          limit: query.limit,
          offset: query.offset,
        });
      };
      return page('search', where, items, query);
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
      return page('similar', where, builtPage(where, orderBy, query), query);
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

export type ProductSearchRepository = ReturnType<typeof createProductSearchRepository>;
