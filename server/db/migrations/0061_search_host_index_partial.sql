-- The host index (migration 0054) holds only the gems with a host, and a `site:` query says its gems have one, so it
-- is read for `site:` alone. Led by the owner, with its entries deduplicated by host (a few thousand hosts), the
-- whole index answered `owner_id = …` alone for a tenth of the document index's cost. Beside a tag's gems the planner
-- took that bitmap of the owner's every gem, which left out the document's index (it has the same owner
-- condition), and checked the words on each gem found, reading each one's out-of-line document: the plan migration
-- 0060 took away from the trigram indexes (`use object after:2020-01-01 tag:travel-two` at 100,000 gems on PGlite:
-- 265 ms, then 173; bench/RESULTS.md).
DROP INDEX IF EXISTS "gems_owner_rhost_idx";
--> statement-breakpoint
CREATE INDEX "gems_owner_rhost_idx" ON "gems" ("owner_id", reverse("url_host") text_pattern_ops) WHERE "url_host" <> '';
