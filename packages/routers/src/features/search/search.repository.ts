import type { Executor } from '@storefront/db/client';
import { searchTerms } from '@storefront/db/schema';
import { sortedLetters } from '@storefront/db/search-index';
import { asc, desc, eq, like, or, sql } from 'drizzle-orm';
import { type CatalogRepository, createProductSearchRepository } from '../catalog';

export type { ProductSearch } from '../catalog';

/** Search: the catalogue's product reads for a query, and the lexicon of its words. */
export function createSearchRepository(db: Executor, catalog: CatalogRepository) {
  return {
    ...createProductSearchRepository(db, catalog),

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
     * Lexicon words starting with `prefix` (a word of letters and digits), in order: the B-tree
     * with `text_pattern_ops` answers from the index.
     */
    async completions(prefix: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ word: searchTerms.word })
        .from(searchTerms)
        .where(like(searchTerms.word, `${prefix.replace(/[\\%_]/g, '\\$&')}%`))
        .orderBy(asc(searchTerms.word))
        .limit(limit);
      return rows.map((row) => row.word);
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
