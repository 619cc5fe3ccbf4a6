-- "Title A–Z" in natural order ("Take 2" before "Take 10"): the title's sort key, kept by the database, and its index
-- per owner for the library's pages sorted by title.
ALTER TABLE "gems" ADD COLUMN "title_sort" text GENERATED ALWAYS AS (regexp_replace(regexp_replace(lower("title"), '([0-9]+)', '00000000000000000000\1', 'g'), '0*([0-9]{20})', '\1', 'g')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "gems_owner_title_sort_idx" ON "gems" USING btree ("owner_id","title_sort","id");