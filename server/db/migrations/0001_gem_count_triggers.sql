-- collections.gems_count follows the gems table: statement-level triggers add up each statement's
-- rows per collection, so bulk inserts, moves and deletes cost one update per collection touched.
CREATE OR REPLACE FUNCTION trove_gems_counted_in() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collections c SET gems_count = c.gems_count + d.n
  FROM (SELECT collection_id, count(*)::int AS n FROM new_rows GROUP BY collection_id) d
  WHERE c.id = d.collection_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gems_counted_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collections c SET gems_count = c.gems_count - d.n
  FROM (SELECT collection_id, count(*)::int AS n FROM old_rows GROUP BY collection_id) d
  WHERE c.id = d.collection_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gems_counted_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collections c SET gems_count = c.gems_count + d.n
  FROM (
    SELECT collection_id, sum(n)::int AS n FROM (
      SELECT collection_id, count(*) AS n FROM new_rows GROUP BY collection_id
      UNION ALL
      SELECT collection_id, -count(*) AS n FROM old_rows GROUP BY collection_id
    ) moves GROUP BY collection_id
  ) d
  WHERE c.id = d.collection_id AND d.n <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER gems_count_insert AFTER INSERT ON gems REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_gems_counted_in();
--> statement-breakpoint
CREATE TRIGGER gems_count_delete AFTER DELETE ON gems REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_gems_counted_out();
--> statement-breakpoint
CREATE TRIGGER gems_count_update AFTER UPDATE ON gems REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_gems_counted_moved();
--> statement-breakpoint
UPDATE collections c SET gems_count = (SELECT count(*) FROM gems g WHERE g.collection_id = c.id);
