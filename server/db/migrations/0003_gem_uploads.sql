ALTER TABLE "uploads" ADD COLUMN "gem_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_gem_id_gems_id_fk" FOREIGN KEY ("gem_id") REFERENCES "public"."gems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_gem_idx" ON "uploads" USING btree ("gem_id") WHERE "uploads"."gem_id" is not null;