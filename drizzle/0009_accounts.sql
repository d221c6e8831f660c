CREATE TABLE "account_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"to_address" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_mail_kind_known" CHECK ("account_mail"."kind" in ('verify_email', 'sign_up_attempt', 'password_reset', 'email_change_confirm', 'email_change_notice', 'export_ready', 'account_deleted'))
);
--> statement-breakpoint
CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_purpose_known" CHECK ("account_tokens"."purpose" in ('password_reset', 'email_verify', 'email_change'))
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_status_known" CHECK ("data_exports"."status" in ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "handle_chosen" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_mail" ADD CONSTRAINT "account_mail_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_mail_due_idx" ON "account_mail" USING btree ("next_attempt_at") WHERE "account_mail"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash_unique" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_purpose_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
-- Handles were the e-mail's local part: every handle that came from an e-mail, breaks the
-- handle rules (3 to 30 letters, digits, underscores), is reserved, or is held by an older
-- account is replaced by one made from the name and four digits, and its owner is told.
DO $$
DECLARE
  r record;
  stem text;
  candidate text;
BEGIN
  FOR r IN
    SELECT u.id, u.name FROM users u
    WHERE (u.email IS NOT NULL AND lower(u.nickname) = lower(split_part(u.email, '@', 1)))
      OR u.nickname !~ '^[A-Za-z0-9_]{3,30}$'
      OR lower(u.nickname) IN ('about', 'about_us', 'account', 'admin', 'administrator', 'api', 'create', 'deleted', 'deleted_member', 'envolve', 'envolvement', 'explore', 'features', 'help', 'login', 'logout', 'me', 'moderator', 'notifications', 'official', 'payment', 'profile', 'root', 'security', 'settings', 'signin', 'signup', 'staff', 'support', 'system', 'team')
      OR EXISTS (SELECT 1 FROM users o WHERE lower(o.nickname) = lower(u.nickname) AND (o.created_at, o.id) < (u.created_at, u.id))
    ORDER BY u.created_at
  LOOP
    stem := left(trim(both '_' from regexp_replace(lower(r.name), '[^a-z0-9]+', '_', 'g')), 20);
    IF length(stem) < 3 OR r.name LIKE '%@%' THEN stem := 'member'; END IF;
    LOOP
      candidate := stem || '_' || lpad(floor(random() * 10000)::int::text, 4, '0');
      EXIT WHEN NOT EXISTS (SELECT 1 FROM users WHERE lower(nickname) = candidate);
    END LOOP;
    UPDATE users SET nickname = candidate, handle_chosen = false WHERE id = r.id;
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "users_handle_unique" ON "users" USING btree (lower("nickname")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "envolvements_removed_idx" ON "envolvements" USING btree ("archived_at") WHERE "envolvements"."archived_at" is not null;