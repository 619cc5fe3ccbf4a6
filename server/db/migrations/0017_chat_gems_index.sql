CREATE INDEX "gems_owner_chats_idx" ON "gems" USING btree ("owner_id","collection_id") WHERE "gems"."media_type" = 'AIChat';
