ALTER TABLE "collections" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "public_slug" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "seo_image" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "noindex" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "include_subcollections" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_owner_slug_idx" ON "collections" USING btree ("owner_id","public_slug");--> statement-breakpoint
CREATE INDEX "collections_public_idx" ON "collections" USING btree ("published_at") WHERE "collections"."is_public";