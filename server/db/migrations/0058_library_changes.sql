-- A row for every statement that changes an owner's gems, collections or tags, whoever made it, one for each collection
-- it touched (a tag's: none; server/db/schema/library.ts libraryChanges), so an open library hears of changes made
-- elsewhere: another device, a member of a shared collection; and a member of only those in the collections they read.
-- Statement-level, like the counts of migration 0001: a bulk change is a row a collection, not one a gem. (A transition
-- table is named only in the branch of the operation that has it: PL/pgSQL plans a statement when it first runs it.)
CREATE TABLE "library_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"collection_id" integer
);
--> statement-breakpoint
CREATE INDEX "library_changes_owner_idx" ON "library_changes" USING btree ("owner_id","id");
--> statement-breakpoint
-- Gems: the collections they were in and are in.
CREATE OR REPLACE FUNCTION trove_gems_library_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO library_changes (owner_id, collection_id) SELECT DISTINCT owner_id, collection_id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO library_changes (owner_id, collection_id) SELECT DISTINCT owner_id, collection_id FROM old_rows;
  ELSE
    INSERT INTO library_changes (owner_id, collection_id)
    SELECT owner_id, collection_id FROM new_rows UNION SELECT owner_id, collection_id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Collections added or deleted: themselves; tags: the owner alone (a collection's own changes: trove_collection_changed).
CREATE OR REPLACE FUNCTION trove_library_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO library_changes (owner_id, collection_id)
    SELECT owner_id, CASE WHEN TG_TABLE_NAME = 'collections' THEN id END FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO library_changes (owner_id, collection_id)
    SELECT owner_id, CASE WHEN TG_TABLE_NAME = 'collections' THEN id END FROM old_rows;
  ELSE
    INSERT INTO library_changes (owner_id) SELECT owner_id FROM new_rows UNION SELECT owner_id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER gems_library_insert AFTER INSERT ON gems REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_gems_library_changed();
--> statement-breakpoint
CREATE TRIGGER gems_library_delete AFTER DELETE ON gems REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_gems_library_changed();
--> statement-breakpoint
CREATE TRIGGER gems_library_update AFTER UPDATE ON gems REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_gems_library_changed();
--> statement-breakpoint
CREATE TRIGGER tags_library_insert AFTER INSERT ON tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_library_changed();
--> statement-breakpoint
CREATE TRIGGER tags_library_delete AFTER DELETE ON tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_library_changed();
--> statement-breakpoint
CREATE TRIGGER tags_library_update AFTER UPDATE ON tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_library_changed();
--> statement-breakpoint
CREATE TRIGGER collections_library_insert AFTER INSERT ON collections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_library_changed();
--> statement-breakpoint
CREATE TRIGGER collections_library_delete AFTER DELETE ON collections REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION trove_library_changed();
--> statement-breakpoint
-- A collection's row also changes with each gem counted in or out of it (migration 0001), already a change of the gems:
-- only what a library shows of a collection counts here, and a trigger with a column list takes no transition table,
-- so this one is a row's.
CREATE OR REPLACE FUNCTION trove_collection_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_changes (owner_id, collection_id) VALUES (NEW.owner_id, NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collections_library_update AFTER UPDATE OF name, parent_id, shares_inherit, is_public ON collections
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.parent_id IS DISTINCT FROM NEW.parent_id
    OR OLD.shares_inherit IS DISTINCT FROM NEW.shares_inherit OR OLD.is_public IS DISTINCT FROM NEW.is_public)
  EXECUTE FUNCTION trove_collection_changed();
