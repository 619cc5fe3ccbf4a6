CREATE TABLE "custom_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"base_url" text NOT NULL,
	"api_key" text,
	"refreshed_at" timestamp with time zone,
	"refresh_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "ai_models_provider_model_idx";--> statement-breakpoint
ALTER TABLE "ai_models" ADD COLUMN "endpoint_id" integer;--> statement-breakpoint
ALTER TABLE "ai_models" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "ai_models" ADD COLUMN "discovered" jsonb;--> statement-breakpoint
ALTER TABLE "custom_endpoints" ADD CONSTRAINT "custom_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_endpoints_user_name_idx" ON "custom_endpoints" USING btree ("user_id",lower("name"));--> statement-breakpoint
ALTER TABLE "ai_models" ADD CONSTRAINT "ai_models_endpoint_id_custom_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."custom_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_models" ADD CONSTRAINT "ai_models_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_models_endpoint_model_idx" ON "ai_models" USING btree ("endpoint_id","model") WHERE "ai_models"."endpoint_id" is not null;--> statement-breakpoint
CREATE INDEX "ai_models_owner_idx" ON "ai_models" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_models_provider_model_idx" ON "ai_models" USING btree ("provider","model") WHERE "ai_models"."endpoint_id" is null;