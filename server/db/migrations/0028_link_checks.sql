CREATE TABLE "link_checks" (
	"gem_id" integer PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"status" text,
	"code" smallint,
	"detail" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"requested" boolean DEFAULT false NOT NULL,
	"fill_page" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_gem_id_gems_id_fk" FOREIGN KEY ("gem_id") REFERENCES "public"."gems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_checks_due_idx" ON "link_checks" USING btree ("requested" DESC NULLS LAST,"fill_page" DESC NULLS LAST,"next_at");--> statement-breakpoint
CREATE INDEX "link_checks_owner_broken_idx" ON "link_checks" USING btree ("owner_id") WHERE "link_checks"."status" = 'broken';