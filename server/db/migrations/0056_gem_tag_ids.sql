-- A gem's tag ids kept in its row, with an index: a search's `tag:` (and a word naming tags) is then a bitmap the
-- planner intersects with the other conditions' indexes. As a semi-join on gem_tags it read every gem of a collection
-- or of the owner and checked a frequent word in each one's out-of-line document before the join kept the tag's few
-- thousand (`use two tag:dev-two` at 100,000 gems: PostgreSQL 1.9 s, PGlite 1.7 s; bench/RESULTS.md). Like search_doc,
-- not in the Drizzle schema: only the search reads it, by name; gem_tags stays the record, and the triggers below keep
-- this copy of it, whatever statement changes gem_tags. The price: tagging writes the gem's row again, with its index
-- entries (bulk-tag 10,000 gems 0.5–1.0 → 2.5–2.7 s, its undo 0.02 → 1.3–1.9 s; an import with tags ~30–70 % longer).
ALTER TABLE "gems" ADD COLUMN "tag_ids" integer[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
UPDATE "gems" g SET "tag_ids" = t.ids
FROM (SELECT gem_id, array_agg(tag_id ORDER BY tag_id) AS ids FROM gem_tags GROUP BY gem_id) t
WHERE t.gem_id = g.id;
--> statement-breakpoint
CREATE INDEX "gems_tag_ids_idx" ON "gems" USING gin ("tag_ids");
--> statement-breakpoint
-- A gem's tag ids, in order, read from gem_tags.
CREATE FUNCTION trove_gem_tag_ids_of(gem integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(tag_id ORDER BY tag_id), '{}') FROM gem_tags WHERE gem_id = gem
$$;
--> statement-breakpoint
-- Reads the tag ids of `gem_ids` again and writes only those that changed (a statement that leaves a gem's tags as
-- they were rewrites no gem row). A deleted gem's cascade finds no row to update.
CREATE FUNCTION trove_gem_tag_ids_refresh(gem_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE gems g SET tag_ids = n.ids
  FROM (SELECT id, trove_gem_tag_ids_of(id) AS ids FROM (SELECT DISTINCT unnest(gem_ids) AS id) u) n
  WHERE g.id = n.id AND g.tag_ids IS DISTINCT FROM n.ids
$$;
--> statement-breakpoint
-- The gems a statement on gem_tags touched, refreshed once a statement (a bulk tag of 10,000 gems is one).
CREATE FUNCTION trove_gem_tag_ids_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM trove_gem_tag_ids_refresh(ARRAY(SELECT gem_id FROM changed_new));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM trove_gem_tag_ids_refresh(ARRAY(SELECT gem_id FROM changed_old));
  ELSE
    PERFORM trove_gem_tag_ids_refresh(ARRAY(SELECT gem_id FROM changed_old UNION SELECT gem_id FROM changed_new));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER gem_tags_ids_insert AFTER INSERT ON gem_tags REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION trove_gem_tag_ids_sync();
--> statement-breakpoint
CREATE TRIGGER gem_tags_ids_delete AFTER DELETE ON gem_tags REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION trove_gem_tag_ids_sync();
--> statement-breakpoint
CREATE TRIGGER gem_tags_ids_update AFTER UPDATE ON gem_tags REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION trove_gem_tag_ids_sync();
