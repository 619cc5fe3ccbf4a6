CREATE TABLE "team_allowances" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"monthly_micros" bigint NOT NULL,
	CONSTRAINT "team_allowances_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"month" text NOT NULL,
	"micros" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_key_choices" (
	"user_id" integer NOT NULL,
	"team_key_id" integer NOT NULL,
	"choice" text NOT NULL,
	CONSTRAINT "team_key_choices_user_id_team_key_id_pk" PRIMARY KEY("user_id","team_key_id"),
	CONSTRAINT "team_key_choices_choice_check" CHECK ("team_key_choices"."choice" IN ('default', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "team_key_models" (
	"team_key_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	CONSTRAINT "team_key_models_team_key_id_model_id_pk" PRIMARY KEY("team_key_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "team_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"shared_by" integer NOT NULL,
	"provider" text,
	"endpoint_id" integer,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_keys_kind_check" CHECK ("team_keys"."kind" IN ('provider', 'endpoint')),
	CONSTRAINT "team_keys_provider_check" CHECK ("team_keys"."kind" = 'endpoint' OR "team_keys"."provider" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "team_spend" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"month" text NOT NULL,
	"spent_micros" bigint DEFAULT 0 NOT NULL,
	"held_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_spend_team_id_user_id_month_pk" PRIMARY KEY("team_id","user_id","month")
);
--> statement-breakpoint
CREATE TABLE "team_usage" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"month" text NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "team_usage_team_id_user_id_model_id_month_pk" PRIMARY KEY("team_id","user_id","model_id","month")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" integer NOT NULL,
	"settings_enabled" boolean DEFAULT true NOT NULL,
	"default_allowance_micros" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shares" DROP CONSTRAINT "shares_resource_check";--> statement-breakpoint
ALTER TABLE "shares" DROP CONSTRAINT "shares_principal_check";--> statement-breakpoint
ALTER TABLE "shares" DROP CONSTRAINT "shares_role_check";--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "invitee_team_id" integer;--> statement-breakpoint
ALTER TABLE "team_allowances" ADD CONSTRAINT "team_allowances_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_allowances" ADD CONSTRAINT "team_allowances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_holds" ADD CONSTRAINT "team_holds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_holds" ADD CONSTRAINT "team_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_key_choices" ADD CONSTRAINT "team_key_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_key_choices" ADD CONSTRAINT "team_key_choices_team_key_id_team_keys_id_fk" FOREIGN KEY ("team_key_id") REFERENCES "public"."team_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_key_models" ADD CONSTRAINT "team_key_models_team_key_id_team_keys_id_fk" FOREIGN KEY ("team_key_id") REFERENCES "public"."team_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_key_models" ADD CONSTRAINT "team_key_models_model_id_ai_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_keys" ADD CONSTRAINT "team_keys_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_keys" ADD CONSTRAINT "team_keys_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_keys" ADD CONSTRAINT "team_keys_endpoint_id_custom_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."custom_endpoints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_spend" ADD CONSTRAINT "team_spend_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_spend" ADD CONSTRAINT "team_spend_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_usage" ADD CONSTRAINT "team_usage_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_usage" ADD CONSTRAINT "team_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_usage" ADD CONSTRAINT "team_usage_model_id_ai_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_holds_expires_idx" ON "team_holds" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_keys_provider_idx" ON "team_keys" USING btree ("team_id","shared_by","provider") WHERE "team_keys"."kind" = 'provider';--> statement-breakpoint
CREATE INDEX "team_keys_team_idx" ON "team_keys" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "teams_owner_idx" ON "teams" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_invitee_team_id_teams_id_fk" FOREIGN KEY ("invitee_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_team_user_idx" ON "shares" USING btree ("team_id","invitee_user_id") WHERE "shares"."team_id" IS NOT NULL AND "shares"."invitee_user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_team_email_idx" ON "shares" USING btree ("team_id","invitee_email") WHERE "shares"."team_id" IS NOT NULL AND "shares"."invitee_email" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_collection_team_idx" ON "shares" USING btree ("collection_id","invitee_team_id") WHERE "shares"."collection_id" IS NOT NULL AND "shares"."invitee_team_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_tag_team_idx" ON "shares" USING btree ("tag_id","invitee_team_id") WHERE "shares"."tag_id" IS NOT NULL AND "shares"."invitee_team_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shares_invitee_team_idx" ON "shares" USING btree ("invitee_team_id") WHERE "shares"."invitee_team_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_resource_check" CHECK (num_nonnulls("shares"."collection_id", "shares"."tag_id", "shares"."team_id") = 1 AND ("shares"."kind" = 'collection') = ("shares"."collection_id" IS NOT NULL) AND ("shares"."kind" = 'tag') = ("shares"."tag_id" IS NOT NULL) AND ("shares"."kind" = 'team') = ("shares"."team_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_principal_check" CHECK (num_nonnulls("shares"."invitee_user_id", "shares"."invitee_email", "shares"."invitee_team_id") = 1 AND ("shares"."kind" <> 'team' OR "shares"."invitee_team_id" IS NULL));--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_role_check" CHECK (("shares"."kind" <> 'team' AND "shares"."role" IN ('viewer', 'contributor', 'editor', 'admin')) OR ("shares"."kind" = 'team' AND "shares"."role" IN ('member', 'admin')));--> statement-breakpoint
-- The teams a user is in: those they own and those whose invitation they accepted.
CREATE FUNCTION trove_user_teams(uid integer) RETURNS SETOF integer LANGUAGE sql STABLE AS $$
  SELECT id FROM teams WHERE owner_id = uid
  UNION
  SELECT team_id FROM shares WHERE kind = 'team' AND invitee_user_id = uid AND status = 'accepted'
$$;--> statement-breakpoint
-- The accepted collection and tag shares that reach a user: their own, and those of the teams they are in (so a team's
-- members have its access while they are members, and lose it with their next request when they leave).
CREATE FUNCTION trove_user_shares(uid integer) RETURNS SETOF shares LANGUAGE sql STABLE AS $$
  SELECT * FROM shares WHERE invitee_user_id = uid AND status = 'accepted' AND kind <> 'team'
  UNION ALL
  SELECT * FROM shares WHERE invitee_team_id IN (SELECT trove_user_teams(uid)) AND status = 'accepted'
$$;--> statement-breakpoint
-- As in migration 0030, from the shares that reach the user (trove_user_shares) rather than their own alone.
CREATE OR REPLACE FUNCTION trove_collection_access(uid integer) RETURNS TABLE(collection_id integer, rank integer)
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE reach(id, rank) AS (
    SELECT s.collection_id, trove_role_rank(s.role) FROM trove_user_shares(uid) s WHERE s.collection_id IS NOT NULL
    UNION
    SELECT c.id, r.rank FROM reach r JOIN collections c ON c.parent_id = r.id WHERE c.shares_inherit
  )
  SELECT id, max(rank)::integer FROM reach GROUP BY id
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_tag_access(uid integer) RETURNS TABLE(tag_id integer, rank integer)
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE reach(id, rank) AS (
    SELECT s.tag_id, trove_role_rank(s.role) FROM trove_user_shares(uid) s WHERE s.tag_id IS NOT NULL
    UNION
    SELECT t.id, r.rank FROM reach r JOIN tags t ON t.parent_id = r.id
  )
  SELECT id, max(rank)::integer FROM reach GROUP BY id
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION trove_sharing_owners(uid integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT array_agg(DISTINCT o.owner_id) FROM (
    SELECT c.owner_id FROM trove_user_shares(uid) s JOIN collections c ON c.id = s.collection_id
    UNION ALL
    SELECT t.owner_id FROM trove_user_shares(uid) s JOIN tags t ON t.id = s.tag_id
  ) o
$$;
