CREATE TABLE "gem_study" (
	"gem_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content" jsonb NOT NULL,
	"model_name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gem_study_gem_id_kind_pk" PRIMARY KEY("gem_id","kind")
);
--> statement-breakpoint
CREATE TABLE "ocr_jobs" (
	"gem_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gem_study" ADD CONSTRAINT "gem_study_gem_id_gems_id_fk" FOREIGN KEY ("gem_id") REFERENCES "public"."gems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gem_study" ADD CONSTRAINT "gem_study_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_jobs" ADD CONSTRAINT "ocr_jobs_gem_id_gems_id_fk" FOREIGN KEY ("gem_id") REFERENCES "public"."gems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ocr_jobs_queued_idx" ON "ocr_jobs" USING btree ("created_at") WHERE "ocr_jobs"."status" = 'queued';