-- A gem's site (its address's host, lower case, without "www."), kept in the row: the sites facet, `site:`, and
-- grouping and sorting by site read it instead of running trove_url_host's two regular expressions on each gem they
-- read (about 4 µs a gem on PGlite: 0.4 s of the whole library's facets at 100,000 gems; bench/RESULTS.md). Like
-- search_doc, not in the Drizzle schema: only the search reads it, by name.
ALTER TABLE "gems" ADD COLUMN "url_host" text GENERATED ALWAYS AS (trove_url_host("url")) STORED NOT NULL;
--> statement-breakpoint
DROP INDEX "gems_owner_rhost_idx";
--> statement-breakpoint
CREATE INDEX "gems_owner_rhost_idx" ON "gems" ("owner_id", reverse("url_host") text_pattern_ops);
