-- pg_trgm powers typo-tolerant search; it is created first so later migrations can index with it.
-- On the embedded database the extension is loaded by the client (PGlite `extensions` option).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
