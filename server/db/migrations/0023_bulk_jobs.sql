CREATE TABLE "bulk_job_items" (
	"job_id" integer NOT NULL,
	"gem_id" integer NOT NULL,
	"applied" boolean DEFAULT false NOT NULL,
	"collection_id" integer,
	"sort_key" text,
	"is_favourite" boolean,
	"deleted_at" timestamp with time zone,
	"tag_ids" integer[],
	CONSTRAINT "bulk_job_items_job_id_gem_id_pk" PRIMARY KEY("job_id","gem_id")
);
--> statement-breakpoint
CREATE TABLE "bulk_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"collection_id" integer,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"query" text,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_job_items" ADD CONSTRAINT "bulk_job_items_job_id_bulk_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_job_items" ADD CONSTRAINT "bulk_job_items_gem_id_gems_id_fk" FOREIGN KEY ("gem_id") REFERENCES "public"."gems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_job_items_gem_idx" ON "bulk_job_items" USING btree ("gem_id");--> statement-breakpoint
CREATE INDEX "bulk_jobs_owner_idx" ON "bulk_jobs" USING btree ("owner_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bulk_jobs_active_idx" ON "bulk_jobs" USING btree ("id") WHERE "bulk_jobs"."status" in ('queued', 'running');