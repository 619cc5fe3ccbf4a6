ALTER TABLE "messages" ADD COLUMN "results" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reasoning" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "images" jsonb;