CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"token_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_status_known" CHECK ("newsletter_subscribers"."status" in ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
ALTER TABLE "account_mail" DROP CONSTRAINT "account_mail_kind_known";--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_unique" ON "newsletter_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token_unique" ON "newsletter_subscribers" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "account_mail" ADD CONSTRAINT "account_mail_kind_known" CHECK ("account_mail"."kind" in ('sign_up_confirm', 'verify_email', 'sign_up_attempt', 'password_reset', 'email_change_confirm', 'email_change_notice', 'export_ready', 'account_deleted', 'newsletter_confirm'));