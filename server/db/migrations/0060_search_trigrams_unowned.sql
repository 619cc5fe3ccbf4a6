-- The title's and address's trigram indexes without the owner (migration 0024 led them with it). A GIN index led
-- by the owner answers `owner_id = …` alone, a bitmap of the owner's every gem at an index cost close to that of the
-- document's index; beside a tag's or a collection's gems the planner then took that bitmap and checked the words
-- on each gem found, reading each one's out-of-line document (`use object after:2020-01-01 tag:travel-two` at
-- 100,000 gems, first run and warm: PGlite 523 and 62 ms, PostgreSQL 1,624 and 53 ms; with the document's index 134
-- and 37 ms, 215 and 29 ms; bench/RESULTS.md). Without the owner, these indexes answer substrings and typos only; the
-- owner is checked on the few gems they find.
DROP INDEX IF EXISTS "gems_owner_title_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "gems_owner_url_trgm_idx";
--> statement-breakpoint
CREATE INDEX "gems_title_trgm_idx" ON "gems" USING gin (lower("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "gems_url_trgm_idx" ON "gems" USING gin (lower("url") gin_trgm_ops);
