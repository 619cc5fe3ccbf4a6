CREATE TABLE "embedding_jobs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"model_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"gems_done" integer DEFAULT 0 NOT NULL,
	"passages_embedded" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedding_models" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"provider" text,
	"endpoint_id" integer,
	"model" text NOT NULL,
	"dimensions" integer NOT NULL,
	"model_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Search by meaning keeps passage vectors in pgvector's `vector` (no fixed dimension: each model has its own). PGlite
-- ships it (@electric-sql/pglite-pgvector, loaded by server/db/client.ts); a PostgreSQL without pgvector installed
-- gets a `real[]` column instead, never written: meaning search is then off and search is by words (README).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS vector;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pgvector is installed but this role may not create it: search by meaning stays off';
    END;
  END IF;
  EXECUTE format($t$CREATE TABLE "gem_passage_vectors" (
	"model_key" text NOT NULL,
	"gem_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"start_char" integer NOT NULL,
	"end_char" integer NOT NULL,
	"body_hash" text NOT NULL,
	"source_updated_at" timestamp with time zone NOT NULL,
	"embedding" %s NOT NULL,
	CONSTRAINT "gem_passage_vectors_model_key_gem_id_idx_pk" PRIMARY KEY("model_key","gem_id","idx")
  )$t$, CASE WHEN EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN 'vector' ELSE 'real[]' END);
END
$$;
--> statement-breakpoint
ALTER TABLE "embedding_jobs" ADD CONSTRAINT "embedding_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedding_models" ADD CONSTRAINT "embedding_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedding_models" ADD CONSTRAINT "embedding_models_endpoint_id_custom_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."custom_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gem_passage_vectors" ADD CONSTRAINT "gem_passage_vectors_gem_id_gems_id_fk" FOREIGN KEY ("gem_id") REFERENCES "public"."gems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embedding_jobs_due_idx" ON "embedding_jobs" USING btree ("not_before") WHERE "embedding_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "gem_passage_vectors_gem_idx" ON "gem_passage_vectors" USING btree ("gem_id");