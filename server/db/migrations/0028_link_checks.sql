-- The dead-link check and imported pages' fills (server/features/links/): one row per gem beside it.
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
CREATE INDEX "link_checks_owner_broken_idx" ON "link_checks" USING btree ("owner_id") WHERE "link_checks"."status" = 'broken';--> statement-breakpoint
-- A gem whose address changes is checked afresh (its last check was of another address): due now, nothing known.
CREATE OR REPLACE FUNCTION trove_gem_url_link_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE link_checks SET status = NULL, code = NULL, detail = '', checked_at = NULL, failures = 0, next_at = now()
  WHERE gem_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER gems_url_link_check AFTER UPDATE OF url ON gems FOR EACH ROW
  WHEN (OLD.url IS DISTINCT FROM NEW.url) EXECUTE FUNCTION trove_gem_url_link_check();
