-- A custom endpoint its owner deletes while a team shares it stays as removed (no address or key), so members see its
-- models Inactive with the reason; a new endpoint may take its name.
DROP INDEX "custom_endpoints_user_name_idx";--> statement-breakpoint
ALTER TABLE "custom_endpoints" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_endpoints_user_name_idx" ON "custom_endpoints" USING btree ("user_id",lower("name")) WHERE "custom_endpoints"."removed_at" is null;