-- A gem whose address changes is checked afresh (its last check was of another address): due now, nothing known.
CREATE OR REPLACE FUNCTION trove_gem_url_link_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE link_checks SET status = NULL, code = NULL, detail = '', checked_at = NULL, failures = 0, next_at = now()
  WHERE gem_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER gems_url_link_check AFTER UPDATE OF url ON gems FOR EACH ROW
  WHEN (OLD.url IS DISTINCT FROM NEW.url) EXECUTE FUNCTION trove_gem_url_link_check();
