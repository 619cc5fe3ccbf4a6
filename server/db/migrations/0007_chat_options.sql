ALTER TABLE "messages" ADD COLUMN "follow_ups" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "citations" jsonb;