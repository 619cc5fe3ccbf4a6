CREATE TABLE "share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"collection_id" integer,
	"tag_id" integer,
	"gem_id" integer,
	"token_hash" text NOT NULL,
	"token_encrypted" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp with time zone,
	"disabled" boolean DEFAULT false NOT NULL,
	"audience" text DEFAULT 'anyone' NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"show_notes" boolean DEFAULT false NOT NULL,
	"access_count" integer DEFAULT 0 NOT NULL,
	"last_access_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_resource_check" CHECK (num_nonnulls("share_links"."collection_id", "share_links"."tag_id", "share_links"."gem_id") = 1 AND ("share_links"."kind" = 'collection') = ("share_links"."collection_id" IS NOT NULL) AND ("share_links"."kind" = 'tag') = ("share_links"."tag_id" IS NOT NULL) AND ("share_links"."kind" = 'gem') = ("share_links"."gem_id" IS NOT NULL)),
	CONSTRAINT "share_links_audience_check" CHECK ("share_links"."audience" IN ('anyone', 'signed-in', 'emails'))
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_gem_id_gems_id_fk" FOREIGN KEY ("gem_id") REFERENCES "public"."gems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_idx" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_collection_idx" ON "share_links" USING btree ("collection_id") WHERE "share_links"."collection_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_tag_idx" ON "share_links" USING btree ("tag_id") WHERE "share_links"."tag_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_gem_idx" ON "share_links" USING btree ("gem_id") WHERE "share_links"."gem_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "share_links_owner_idx" ON "share_links" USING btree ("owner_id");