-- The search's ranking document: the weighted parts of search_doc that rank a match (A: title and collection path;
-- B: description and notes), kept by the database as search_doc changes. It is a few hundred bytes and stays in the
-- row, so ranking a match reads no page text: search_doc (page text, code and alt text too) is kilobytes, kept out
-- of line, and ranking by it read and decompressed every match's (bench/RESULTS.md). Like search_doc, not in the
-- Drizzle schema: only the search reads it, by name.
ALTER TABLE "gems" ADD COLUMN "rank_doc" tsvector GENERATED ALWAYS AS (ts_filter("search_doc", '{a,b}')) STORED NOT NULL;
