CREATE TABLE "account_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_requests_kind_known" CHECK ("account_requests"."kind" in ('password_reset', 'email_change'))
);
--> statement-breakpoint
CREATE TABLE "address_mail_counts" (
	"address" text PRIMARY KEY NOT NULL,
	"sent" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"handle" text NOT NULL,
	"password_hash" text,
	"proof_hash" text NOT NULL,
	"return_path" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"token_hash" text,
	"failed_proofs" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_ups_status_known" CHECK ("sign_ups"."status" in ('queued', 'mailed', 'confirmed', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "account_mail" DROP CONSTRAINT "account_mail_kind_known";--> statement-breakpoint
ALTER TABLE "account_requests" ADD CONSTRAINT "account_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_requests_created_idx" ON "account_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "account_requests_user_idx" ON "account_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_ups_token_unique" ON "sign_ups" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sign_ups_queued_idx" ON "sign_ups" USING btree ("created_at") WHERE "sign_ups"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "sign_ups_email_idx" ON "sign_ups" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "sign_ups_expires_idx" ON "sign_ups" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "account_mail" ADD CONSTRAINT "account_mail_kind_known" CHECK ("account_mail"."kind" in ('sign_up_confirm', 'verify_email', 'sign_up_attempt', 'password_reset', 'email_change_confirm', 'email_change_notice', 'export_ready', 'account_deleted'));