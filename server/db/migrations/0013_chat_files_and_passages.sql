CREATE TABLE "gem_passages" (
	"gem_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"start_char" integer NOT NULL,
	"end_char" integer NOT NULL,
	"source_updated_at" timestamp with time zone NOT NULL,
	"tsv" "tsvector" NOT NULL,
	CONSTRAINT "gem_passages_gem_id_idx_pk" PRIMARY KEY("gem_id","idx")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "gem_passages" ADD CONSTRAINT "gem_passages_gem_id_gems_id_fk" FOREIGN KEY ("gem_id") REFERENCES "public"."gems"("id") ON DELETE cascade ON UPDATE no action;