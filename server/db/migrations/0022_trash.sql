CREATE INDEX "gems_owner_trash_idx" ON "gems" USING btree ("owner_id","deleted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "gems"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "gems_owner_favourite_idx" ON "gems" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "gems"."is_favourite" and "gems"."deleted_at" is null;
--> statement-breakpoint
-- A trashed gem (deleted_at set) no longer counts in collections.gems_count; restored, it counts again. The
-- triggers of 0001 stay; their functions now count only the rows outside the trash on each side.
CREATE OR REPLACE FUNCTION trove_gems_counted_in() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collections c SET gems_count = c.gems_count + d.n
  FROM (SELECT collection_id, count(*)::int AS n FROM new_rows WHERE deleted_at IS NULL GROUP BY collection_id) d
  WHERE c.id = d.collection_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gems_counted_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collections c SET gems_count = c.gems_count - d.n
  FROM (SELECT collection_id, count(*)::int AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY collection_id) d
  WHERE c.id = d.collection_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_gems_counted_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collections c SET gems_count = c.gems_count + d.n
  FROM (
    SELECT collection_id, sum(n)::int AS n FROM (
      SELECT collection_id, count(*) AS n FROM new_rows WHERE deleted_at IS NULL GROUP BY collection_id
      UNION ALL
      SELECT collection_id, -count(*) AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY collection_id
    ) moves GROUP BY collection_id
  ) d
  WHERE c.id = d.collection_id AND d.n <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE collections c SET gems_count = (SELECT count(*) FROM gems g WHERE g.collection_id = c.id AND g.deleted_at IS NULL);
