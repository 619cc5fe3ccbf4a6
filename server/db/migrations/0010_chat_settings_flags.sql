ALTER TABLE "user_ai_settings" ADD COLUMN "cost_estimate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_ai_settings" ADD COLUMN "enable_memory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_ai_settings" ADD COLUMN "streaming" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_ai_settings" ADD COLUMN "follow_up_questions" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_ai_settings" ADD COLUMN "show_citations" boolean DEFAULT true NOT NULL;