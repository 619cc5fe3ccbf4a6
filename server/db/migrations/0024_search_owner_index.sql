-- The search's indexes per owner, and the tags out of the gems' documents (see the README's Bench section).
-- 1. A gem's document no longer holds its tags' names: the search matches a word to the user's tag names at query
--    time and takes the gems with those tags (server/features/search/compile.ts), so tagging or untagging a gem, or
--    renaming a tag, rewrites no gem row (bulk-tagging 10,000 gems parsed their pages again and rewrote every index
--    entry of each gem).
-- 2. The document and trigram indexes lead with the owner (btree_gin), so one user's words are looked up among their
--    own gems only, not among everyone's matches.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gem_search_doc(g gems) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT trove_gem_search_doc(g, NULL)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gems_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_doc := trove_gem_search_doc(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS gem_tags_search_doc_insert ON gem_tags;
--> statement-breakpoint
DROP TRIGGER IF EXISTS gem_tags_search_doc_delete ON gem_tags;
--> statement-breakpoint
DROP TRIGGER IF EXISTS tags_search_doc ON tags;
--> statement-breakpoint
DROP FUNCTION IF EXISTS trove_gem_tags_added_search_doc();
--> statement-breakpoint
DROP FUNCTION IF EXISTS trove_gem_tags_removed_search_doc();
--> statement-breakpoint
DROP FUNCTION IF EXISTS trove_tags_search_doc();
--> statement-breakpoint
-- Only tagged gems had tag names in their document.
UPDATE gems g SET search_doc = trove_gem_search_doc(g) WHERE EXISTS (SELECT 1 FROM gem_tags gt WHERE gt.gem_id = g.id);
--> statement-breakpoint
DROP INDEX IF EXISTS "gems_search_doc_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "gems_title_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "gems_url_trgm_idx";
--> statement-breakpoint
CREATE INDEX "gems_owner_doc_idx" ON "gems" USING gin ("owner_id", "search_doc");
--> statement-breakpoint
CREATE INDEX "gems_owner_title_trgm_idx" ON "gems" USING gin ("owner_id", lower("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "gems_owner_url_trgm_idx" ON "gems" USING gin ("owner_id", lower("url") gin_trgm_ops);
