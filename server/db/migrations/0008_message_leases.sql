ALTER TABLE "messages" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_unfinished_lease_idx" ON "messages" USING btree ("lease_expires_at") WHERE "messages"."status" in ('pending', 'streaming');