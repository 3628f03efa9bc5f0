import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * Keeps the two pieces of search data that cannot be generated columns in step with the
 * catalogue. Call after writing products, categories or their links (seeds, factories, admin).
 */

/**
 * Copies each product's category names into `products.category_names` (part of the weighted
 * search document). Without ids every product is refreshed.
 */
export async function syncProductCategoryNames(db: Executor, productIds?: number[]): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const only = productIds
    ? sql`where p.id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(sql`
    update products p set category_names = coalesce((
      select string_agg(c.name, ' ' order by c.id)
      from product_categories pc join categories c on c.id = pc.category_id
      where pc.product_id = p.id), '')
    ${only}`);
}

/** The letters of a word in a fixed order: a word and any swap of two of its letters share it. */
export function sortedLetters(word: SQL): SQL<string> {
  return sql<string>`(select string_agg(ch, '' order by ch collate "C") from regexp_split_to_table(${word}::text, '') ch)`;
}

/**
 * Adds the words search covers to the lexicon: product names, short and long descriptions and
 * category names (words of 3+ letters, lower case, with their letters sorted for the
 * transposition lookup). With `productIds` only those products are read (after an edit; `[]`:
 * categories only); without, every product (seeds). Existing words stay.
 */
export async function refreshSearchTerms(db: Executor, productIds?: number[]): Promise<void> {
  const only = !productIds
    ? sql``
    : productIds.length === 0
      ? sql`where false`
      : sql`where id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  await db.execute(sql`
    insert into search_terms (word, letters)
    select w, ${sortedLetters(sql.raw('w'))}
    from (
      select distinct w from (
        select regexp_split_to_table(
          lower(name || ' ' || short_description || ' ' || description), '[^[:alnum:]]+') as w
        from products ${only}
        union
        select regexp_split_to_table(lower(name), '[^[:alnum:]]+') as w from categories
      ) words
      where length(w) >= 3
    ) distinct_words
    on conflict (word) do nothing`);
}
