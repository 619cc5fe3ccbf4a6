CREATE TABLE "suggestion_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean,
	"model_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suggestion_settings" ADD CONSTRAINT "suggestion_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_settings" ADD CONSTRAINT "suggestion_settings_model_id_ai_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_models"("id") ON DELETE set null ON UPDATE no action;