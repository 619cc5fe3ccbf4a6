CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_gem_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"user_text" text NOT NULL,
	"answer_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"model_id" integer,
	"model" text NOT NULL,
	"display_name" text NOT NULL,
	"provider" text NOT NULL,
	"language" text,
	"usage" jsonb,
	"cost" double precision,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_chat_gem_id_gems_id_fk" FOREIGN KEY ("chat_gem_id") REFERENCES "public"."gems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_model_id_ai_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_chat_idx" ON "messages" USING btree ("chat_gem_id","id");--> statement-breakpoint
CREATE INDEX "messages_owner_idx" ON "messages" USING btree ("owner_id");