CREATE TABLE "chat_shares" (
	"chat_gem_id" integer PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_shares" ADD CONSTRAINT "chat_shares_chat_gem_id_gems_id_fk" FOREIGN KEY ("chat_gem_id") REFERENCES "public"."gems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_shares" ADD CONSTRAINT "chat_shares_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_shares_token_idx" ON "chat_shares" USING btree ("token");--> statement-breakpoint
CREATE INDEX "chat_shares_owner_idx" ON "chat_shares" USING btree ("owner_id");