-- A gem's kind, what the search's `type:` names (link, article, image…), as one function the search, its facets and
-- groups, and the index below all use (server/features/search/readable.ts). NULL for the kinds no `type:` names.
-- Changing it later needs the index built again (REINDEX INDEX gems_owner_kind_doc_idx) in the same migration.
CREATE OR REPLACE FUNCTION trove_gem_kind(media_type text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN media_type = 'Link' THEN 'link'
    WHEN media_type IN ('Article', 'Blog', 'Page') THEN 'article'
    WHEN media_type = 'Image' THEN 'image'
    WHEN media_type = 'Code' THEN 'code'
    WHEN media_type = 'PDF' THEN 'pdf'
    WHEN media_type = 'Audio' THEN 'audio'
    WHEN media_type = 'Video' THEN 'video'
    WHEN media_type = 'Quote' THEN 'quote'
    WHEN media_type = 'Note' THEN 'note'
  END
$$;
--> statement-breakpoint
-- The document's index with the kind beside the owner: `type:` and the words are intersected inside the index. With
-- the kind a filter, the planner read all 100,000 of a user's gems to check a word in nearly every one ("use") in
-- each page's document, out of line, before keeping the kind's 20,000 (PostgreSQL, 348 → 63 ms; bench/RESULTS.md).
-- Built once: ~35 s for 100,000 gems with page text on PGlite, ~20 s on PostgreSQL.
CREATE INDEX "gems_owner_kind_doc_idx" ON "gems" USING gin ("owner_id", trove_gem_kind("media_type"), "search_doc");
--> statement-breakpoint
DROP INDEX IF EXISTS "gems_owner_doc_idx";
