CREATE INDEX "search_terms_word_prefix_idx" ON "search_terms" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- The lexicon now also holds description words (search covers them; the last query word's
-- completions come from the lexicon): add those of the products already here.
INSERT INTO "search_terms" ("word", "letters")
SELECT w, (SELECT string_agg(ch, '' ORDER BY ch COLLATE "C") FROM regexp_split_to_table(w, '') ch)
FROM (
  SELECT DISTINCT w FROM (
    SELECT regexp_split_to_table(lower("short_description" || ' ' || "description"), '[^[:alnum:]]+') AS w
    FROM "products"
  ) words
  WHERE length(w) >= 3
) distinct_words
ON CONFLICT ("word") DO NOTHING;
