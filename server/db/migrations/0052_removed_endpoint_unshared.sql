-- A custom endpoint its owner removed while a team shared it (removed_at, 0050) goes once no team shares it, whatever
-- removed the last share: the share withdrawn, its sharer leaving or removed, the team deleted (its keys go by
-- cascade), an account deleted. The endpoint's row is locked first, so of two last shares removed at once the later
-- sees the earlier gone; removing the endpoint takes the same lock (server/features/ai-settings/custom-endpoints.ts).
CREATE OR REPLACE FUNCTION trove_drop_unshared_endpoint() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.endpoint_id IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM custom_endpoints WHERE id = OLD.endpoint_id FOR UPDATE;
  DELETE FROM custom_endpoints ce WHERE ce.id = OLD.endpoint_id AND ce.removed_at IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM team_keys tk WHERE tk.endpoint_id = ce.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER team_keys_drop_unshared_endpoint AFTER DELETE ON team_keys
  FOR EACH ROW EXECUTE FUNCTION trove_drop_unshared_endpoint();
