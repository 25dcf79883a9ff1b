-- pg_trgm powers typo-tolerant search and suggestions; drizzle-kit never writes CREATE EXTENSION itself.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
