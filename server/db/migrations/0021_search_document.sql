-- The library's search (server/features/search/): a weighted text-search document per gem, kept by triggers in the
-- same transaction as any change to what it is made of, and trigram indexes for substrings and typos. The column is
-- not in the Drizzle schema on purpose: no gem read should carry it (only the search reads it, by name).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "gems" ADD COLUMN "search_doc" tsvector DEFAULT ''::tsvector NOT NULL;
--> statement-breakpoint
-- An address's host, lower case, without "www.": what site: matches and the sites facet counts.
CREATE OR REPLACE FUNCTION trove_url_host(url text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(lower(coalesce(substring(url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#:]+)'), '')), '^www\.', '')
$$;
--> statement-breakpoint
-- The names of a gem's tags with their parents'.
CREATE OR REPLACE FUNCTION trove_gem_tag_names(integer) RETURNS text LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(id, name, parent_id) AS (
    SELECT t.id, t.name, t.parent_id FROM gem_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.gem_id = $1
    UNION
    SELECT p.id, p.name, p.parent_id FROM tags p JOIN up ON p.id = up.parent_id
  ) SELECT string_agg(name, ' ') FROM up
$$;
--> statement-breakpoint
-- A gem's document, given its tag names. A: title, tag names, its collection's path; B: description, notes;
-- C: page text, code and image alt text (each bounded).
CREATE OR REPLACE FUNCTION trove_gem_search_doc(g gems, tag_names text) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english', coalesce(g.title, '')), 'A')
    || setweight(to_tsvector('english', coalesce(tag_names, '')), 'A')
    || setweight(to_tsvector('english', coalesce((
         WITH RECURSIVE up(id, name, parent_id) AS (
           SELECT c.id, c.name, c.parent_id FROM collections c WHERE c.id = g.collection_id
           UNION
           SELECT p.id, p.name, p.parent_id FROM collections p JOIN up ON p.id = up.parent_id
         ) SELECT string_agg(name, ' ') FROM up), '')), 'A')
    || setweight(to_tsvector('english', coalesce(g.description, '') || ' ' || coalesce(g.notes, '')), 'B')
    || setweight(to_tsvector('english', left(coalesce(g.text, ''), 100000) || ' '
         || left(coalesce(g.media->>'code', ''), 100000) || ' ' || coalesce(g.media->>'alt', '')), 'C')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gem_search_doc(g gems) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT trove_gem_search_doc(g, trove_gem_tag_names(g.id))
$$;
--> statement-breakpoint
-- A gem being inserted has no tags yet (its gem_tags rows come after it and update the document), so a save does
-- not read the tags table: it never waits on a tag change (tests/server/postgres-concurrency.test.ts).
CREATE OR REPLACE FUNCTION trove_gems_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.search_doc := trove_gem_search_doc(NEW, '');
  ELSE
    NEW.search_doc := trove_gem_search_doc(NEW);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER gems_search_doc BEFORE INSERT OR UPDATE OF title, description, notes, text, media, collection_id
  ON gems FOR EACH ROW EXECUTE FUNCTION trove_gems_search_doc();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gem_tags_added_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE gems g SET search_doc = trove_gem_search_doc(g) WHERE g.id IN (SELECT gem_id FROM new_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gem_tags_removed_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE gems g SET search_doc = trove_gem_search_doc(g) WHERE g.id IN (SELECT gem_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER gem_tags_search_doc_insert AFTER INSERT ON gem_tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_gem_tags_added_search_doc();
--> statement-breakpoint
CREATE TRIGGER gem_tags_search_doc_delete AFTER DELETE ON gem_tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_gem_tags_removed_search_doc();
--> statement-breakpoint
-- A tag renamed or moved: the documents of the gems with it or one of its children.
CREATE OR REPLACE FUNCTION trove_tags_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE gems g SET search_doc = trove_gem_search_doc(g) WHERE g.id IN (
    SELECT gt.gem_id FROM gem_tags gt WHERE gt.tag_id IN (
      WITH RECURSIVE down(id) AS (
        SELECT NEW.id UNION SELECT t.id FROM tags t JOIN down ON t.parent_id = down.id
      ) SELECT id FROM down));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tags_search_doc AFTER UPDATE OF name, parent_id ON tags FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION trove_tags_search_doc();
--> statement-breakpoint
-- A collection renamed or moved: the documents of the gems in it and its sub-collections.
CREATE OR REPLACE FUNCTION trove_collections_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE gems g SET search_doc = trove_gem_search_doc(g) WHERE g.collection_id IN (
    WITH RECURSIVE down(id) AS (
      SELECT NEW.id UNION SELECT c.id FROM collections c JOIN down ON c.parent_id = down.id
    ) SELECT id FROM down);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collections_search_doc AFTER UPDATE OF name, parent_id ON collections FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION trove_collections_search_doc();
--> statement-breakpoint
UPDATE gems g SET search_doc = trove_gem_search_doc(g);
--> statement-breakpoint
CREATE INDEX "gems_search_doc_idx" ON "gems" USING gin ("search_doc");
--> statement-breakpoint
CREATE INDEX "gems_title_trgm_idx" ON "gems" USING gin (lower("title") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "gems_url_trgm_idx" ON "gems" USING gin (lower("url") gin_trgm_ops);
--> statement-breakpoint
-- site: finds a host and its subdomains by the reversed host's prefix.
CREATE INDEX "gems_owner_rhost_idx" ON "gems" ("owner_id", reverse(trove_url_host("url")) text_pattern_ops);
