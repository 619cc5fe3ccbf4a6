CREATE TABLE "anonymous_use" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"model_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"daily_limit" integer DEFAULT 20 NOT NULL,
	"monthly_budget" integer DEFAULT 100 NOT NULL,
	"month" date DEFAULT date_trunc('month', now())::date NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anonymous_use_limits" CHECK ("anonymous_use"."daily_limit" >= 0 AND "anonymous_use"."monthly_budget" >= 0 AND "anonymous_use"."spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "custom_sites" (
	"collection_id" integer PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"domain" text,
	"domain_token" text,
	"domain_verified_at" timestamp with time zone,
	"subdirectory" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anonymous_use" ADD CONSTRAINT "anonymous_use_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_sites" ADD CONSTRAINT "custom_sites_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_sites" ADD CONSTRAINT "custom_sites_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_sites_domain_idx" ON "custom_sites" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_sites_subdirectory_idx" ON "custom_sites" USING btree ("subdirectory");