-- A word is also found inside a title or address word ("zaff" in giallozafferano.it): each such word's pieces of 4 to
-- 24 characters are in the gem's document as lexemes marked with '~' ('~zaff'), which no parsed lexeme starts with,
-- so the document's index answers "this word, or inside a title or address word" in the same scan as the other
-- words (server/features/search/compile.ts). Before, that was a trigram scan of the titles and one of the addresses
-- per word, and every gem they found was read to check the query's other words: a third of the bench's search time
-- and most of its slowest queries (bench/RESULTS.md). Words are split at ASCII characters that are not letters or
-- digits, so a query word (letters and digits) found inside a title or address is inside one of its words; words over
-- 32 characters (hashes, encoded data) are left out, and pieces past the first 5,000 (a title and an address of 32-
-- character words have ~30,000; a title's words come first), so a document stays well inside a tsvector's 1 MB. The
-- pieces have no position, so ts_filter leaves them out of the ranking document (rank_doc).
CREATE OR REPLACE FUNCTION trove_infix_doc(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT piece)), ''::tsvector) FROM (
    SELECT '~' || substr(w.word, i, n) AS piece
    FROM regexp_split_to_table(lower(t), '[^a-z0-9\u0080-\U0010ffff]+') WITH ORDINALITY AS w(word, at),
      generate_series(1, length(w.word) - 3) AS i,
      generate_series(4, least(length(w.word) - i + 1, 24)) AS n
    WHERE length(w.word) BETWEEN 4 AND 32
    ORDER BY w.at, i, n
    LIMIT 5000) pieces
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gem_search_doc(g gems) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT trove_gem_search_doc(g, NULL) || trove_infix_doc(coalesce(g.title, '') || ' ' || coalesce(g.url, ''))
$$;
--> statement-breakpoint
DROP TRIGGER gems_search_doc ON gems;
--> statement-breakpoint
CREATE TRIGGER gems_search_doc BEFORE INSERT OR UPDATE OF title, description, notes, text, media, collection_id, url
  ON gems FOR EACH ROW EXECUTE FUNCTION trove_gems_search_doc();
--> statement-breakpoint
-- Every document gains its pieces (the rest of it is as the function above makes it); the index is built again after,
-- which is faster than keeping it through the update.
DROP INDEX "gems_owner_kind_doc_idx";
--> statement-breakpoint
UPDATE gems SET search_doc = search_doc || trove_infix_doc(coalesce(title, '') || ' ' || coalesce(url, ''));
--> statement-breakpoint
CREATE INDEX "gems_owner_kind_doc_idx" ON "gems" USING gin ("owner_id", trove_gem_kind("media_type"), "search_doc");
