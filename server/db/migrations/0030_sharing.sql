CREATE TABLE "shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"collection_id" integer,
	"tag_id" integer,
	"invitee_user_id" integer,
	"invitee_email" text,
	"role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "shares_resource_check" CHECK (("shares"."kind" = 'collection' AND "shares"."collection_id" IS NOT NULL AND "shares"."tag_id" IS NULL) OR ("shares"."kind" = 'tag' AND "shares"."tag_id" IS NOT NULL AND "shares"."collection_id" IS NULL)),
	CONSTRAINT "shares_principal_check" CHECK (num_nonnulls("shares"."invitee_user_id", "shares"."invitee_email") = 1),
	CONSTRAINT "shares_role_check" CHECK ("shares"."role" IN ('viewer', 'contributor', 'editor', 'admin')),
	CONSTRAINT "shares_status_check" CHECK ("shares"."status" IN ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "shares_inherit" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "gems" ADD COLUMN "added_by" integer;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_collection_user_idx" ON "shares" USING btree ("collection_id","invitee_user_id") WHERE "shares"."collection_id" IS NOT NULL AND "shares"."invitee_user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_collection_email_idx" ON "shares" USING btree ("collection_id","invitee_email") WHERE "shares"."collection_id" IS NOT NULL AND "shares"."invitee_email" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_tag_user_idx" ON "shares" USING btree ("tag_id","invitee_user_id") WHERE "shares"."tag_id" IS NOT NULL AND "shares"."invitee_user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_tag_email_idx" ON "shares" USING btree ("tag_id","invitee_email") WHERE "shares"."tag_id" IS NOT NULL AND "shares"."invitee_email" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shares_invitee_idx" ON "shares" USING btree ("invitee_user_id","status");--> statement-breakpoint
CREATE INDEX "shares_email_idx" ON "shares" USING btree ("invitee_email") WHERE "shares"."invitee_email" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "gems" ADD CONSTRAINT "gems_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Who may read what, once (server/features/sharing/access.ts reads these). A role's rank orders the roles; where
-- several shares reach one collection or tag, the highest counts.
CREATE FUNCTION trove_role_rank(role text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE role WHEN 'viewer' THEN 1 WHEN 'contributor' THEN 2 WHEN 'editor' THEN 3 WHEN 'admin' THEN 4 ELSE 0 END
$$;--> statement-breakpoint
-- The collections a user has accepted access to, with the role: each shared collection and, down the tree, its
-- sub-collections, except one whose shares_inherit is off (and what is under it), unless shared by a share of its own.
-- Started from the user's own shares, so its cost is that of their shares, not of every share on the server.
CREATE FUNCTION trove_collection_access(uid integer) RETURNS TABLE(collection_id integer, rank integer)
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE reach(id, rank) AS (
    SELECT s.collection_id, trove_role_rank(s.role) FROM shares s
    WHERE s.invitee_user_id = uid AND s.status = 'accepted' AND s.collection_id IS NOT NULL
    UNION
    SELECT c.id, r.rank FROM reach r JOIN collections c ON c.parent_id = r.id WHERE c.shares_inherit
  )
  SELECT id, max(rank)::integer FROM reach GROUP BY id
$$;--> statement-breakpoint
-- The tags a user has accepted access to, with the role: each shared tag and its sub-tags.
CREATE FUNCTION trove_tag_access(uid integer) RETURNS TABLE(tag_id integer, rank integer)
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE reach(id, rank) AS (
    SELECT s.tag_id, trove_role_rank(s.role) FROM shares s
    WHERE s.invitee_user_id = uid AND s.status = 'accepted' AND s.tag_id IS NOT NULL
    UNION
    SELECT t.id, r.rank FROM reach r JOIN tags t ON t.parent_id = r.id
  )
  SELECT id, max(rank)::integer FROM reach GROUP BY id
$$;--> statement-breakpoint
-- The owners whose gems a user may read beside their own (an index-friendly first cut of the rule).
CREATE FUNCTION trove_sharing_owners(uid integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT array_agg(DISTINCT o.owner_id) FROM (
    SELECT c.owner_id FROM shares s JOIN collections c ON c.id = s.collection_id
    WHERE s.invitee_user_id = uid AND s.status = 'accepted'
    UNION ALL
    SELECT t.owner_id FROM shares s JOIN tags t ON t.id = s.tag_id
    WHERE s.invitee_user_id = uid AND s.status = 'accepted'
  ) o
$$;
