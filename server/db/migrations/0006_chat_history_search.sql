-- Full-text search of chat history (GET /api/chats/history): the expressions here are exactly the
-- ones server/services/chat-history.ts matches with, so the planner can use these indexes.
CREATE INDEX IF NOT EXISTS "messages_search_idx" ON "messages" USING gin (to_tsvector('simple', "user_text" || ' ' || "answer_text"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gems_chat_title_search_idx" ON "gems" USING gin (to_tsvector('simple', "title")) WHERE "media_type" = 'AIChat';
