CREATE TABLE "handle_redirects" (
	"old_handle" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN "return_path" text;--> statement-breakpoint
ALTER TABLE "handle_redirects" ADD CONSTRAINT "handle_redirects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handle_redirects_old_unique" ON "handle_redirects" USING btree (lower("old_handle"));--> statement-breakpoint
CREATE INDEX "handle_redirects_user_idx" ON "handle_redirects" USING btree ("user_id");