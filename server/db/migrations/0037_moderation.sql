CREATE TABLE "gem_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"gem_id" integer NOT NULL,
	"offerer_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"favicon" text,
	"media_type" text NOT NULL,
	"media" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"approved_gem_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "accept_offers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gem_offers" ADD CONSTRAINT "gem_offers_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gem_offers" ADD CONSTRAINT "gem_offers_gem_id_gems_id_fk" FOREIGN KEY ("gem_id") REFERENCES "public"."gems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gem_offers" ADD CONSTRAINT "gem_offers_offerer_id_users_id_fk" FOREIGN KEY ("offerer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gem_offers" ADD CONSTRAINT "gem_offers_approved_gem_id_gems_id_fk" FOREIGN KEY ("approved_gem_id") REFERENCES "public"."gems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gem_offers_pending_idx" ON "gem_offers" USING btree ("collection_id","gem_id") WHERE "gem_offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "gem_offers_collection_idx" ON "gem_offers" USING btree ("collection_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gem_offers_offerer_idx" ON "gem_offers" USING btree ("offerer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gem_offers_gem_idx" ON "gem_offers" USING btree ("gem_id");--> statement-breakpoint
ALTER TABLE "gem_offers" ADD CONSTRAINT "gem_offers_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected'));
