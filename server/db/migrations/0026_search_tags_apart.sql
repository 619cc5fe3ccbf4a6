-- Tags out of the gems' documents altogether (0024 kept them in a tsvector column of their own, tags_doc, which still
-- rewrote the gem's row and all its index entries at every tag change: bench/RESULTS.md). The search matches a word
-- to the user's tag names at query time and takes the gems with those tags (server/features/search/compile.ts), so
-- tagging or untagging a gem, or renaming a tag, writes no gem row.
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
DROP INDEX IF EXISTS "gems_owner_doc_idx";
--> statement-breakpoint
ALTER TABLE "gems" DROP COLUMN IF EXISTS "tags_doc";
--> statement-breakpoint
DROP FUNCTION IF EXISTS trove_gem_tags_doc(integer);
--> statement-breakpoint
CREATE INDEX "gems_owner_doc_idx" ON "gems" USING gin ("owner_id", "search_doc");
