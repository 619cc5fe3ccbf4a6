CREATE TABLE "ai_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"provider" text NOT NULL,
	"display_name" text NOT NULL,
	"type" text NOT NULL,
	"logo_link" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_web_search_enabled" boolean DEFAULT false NOT NULL,
	"is_reasoning_enabled" boolean DEFAULT false NOT NULL,
	"is_audio_enabled" boolean DEFAULT false NOT NULL,
	"is_video_enabled" boolean DEFAULT false NOT NULL,
	"is_vision_enabled" boolean DEFAULT false NOT NULL,
	"is_image_generated" boolean DEFAULT false NOT NULL,
	"is_attachment_supported" boolean DEFAULT false NOT NULL,
	"content_length" integer NOT NULL,
	"supported_file_formats" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_house_model" boolean DEFAULT false NOT NULL,
	"is_default_house_model" boolean DEFAULT false NOT NULL,
	"input_price_per_million" double precision DEFAULT 0 NOT NULL,
	"output_price_per_million" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_ai_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enable_models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_ai" text,
	"default_model" text,
	"default_image_ai" text,
	"default_image_model" text,
	"default_language" text,
	"default_brand_persona" integer,
	"default_brand_persona_name" text,
	"default_brand_voice_id" integer,
	"default_brand_voice_name" text,
	"keys" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"base_urls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_status" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"model_status" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_ai_settings" ADD CONSTRAINT "user_ai_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_models_provider_model_idx" ON "ai_models" USING btree ("provider","model");