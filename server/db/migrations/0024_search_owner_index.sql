-- The search's indexes per owner, and the tags apart from the rest of a gem's document (see the README's Bench
-- section for the measurements).
-- 1. A gem's tag names are their own tsvector, `tags_doc`: a tag added or removed rewrites that alone, never the
--    whole document with its page text (bulk-tagging 10,000 gems parsed 10,000 pages again). The search reads
--    `search_doc || tags_doc`, the expression the index below is built on.
-- 2. The document and trigram indexes lead with the owner (btree_gin), so one user's words are looked up among their
--    own gems only, not among everyone's matches.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
ALTER TABLE "gems" ADD COLUMN "tags_doc" tsvector DEFAULT ''::tsvector NOT NULL;
--> statement-breakpoint
-- The document without the tags (they are in tags_doc).
CREATE OR REPLACE FUNCTION trove_gem_search_doc(g gems) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT trove_gem_search_doc(g, NULL)
$$;
--> statement-breakpoint
-- A gem's tag names with their parents', weighted A as the title is.
CREATE OR REPLACE FUNCTION trove_gem_tags_doc(gem_id integer) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(trove_gem_tag_names(gem_id), '')), 'A')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gems_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_doc := trove_gem_search_doc(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gem_tags_added_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE gems g SET tags_doc = trove_gem_tags_doc(g.id) WHERE g.id IN (SELECT gem_id FROM new_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gem_tags_removed_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE gems g SET tags_doc = trove_gem_tags_doc(g.id) WHERE g.id IN (SELECT gem_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_tags_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE gems g SET tags_doc = trove_gem_tags_doc(g.id) WHERE g.id IN (
    SELECT gt.gem_id FROM gem_tags gt WHERE gt.tag_id IN (
      WITH RECURSIVE down(id) AS (
        SELECT NEW.id UNION SELECT t.id FROM tags t JOIN down ON t.parent_id = down.id
      ) SELECT id FROM down));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only tagged gems had tag names in their document.
UPDATE gems g SET search_doc = trove_gem_search_doc(g), tags_doc = trove_gem_tags_doc(g.id)
WHERE EXISTS (SELECT 1 FROM gem_tags gt WHERE gt.gem_id = g.id);
--> statement-breakpoint
DROP INDEX IF EXISTS "gems_search_doc_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "gems_title_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "gems_url_trgm_idx";
--> statement-breakpoint
CREATE INDEX "gems_owner_doc_idx" ON "gems" USING gin ("owner_id", ("search_doc" || "tags_doc"));
--> statement-breakpoint
CREATE INDEX "gems_owner_title_trgm_idx" ON "gems" USING gin ("owner_id", lower("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "gems_owner_url_trgm_idx" ON "gems" USING gin ("owner_id", lower("url") gin_trgm_ops);
