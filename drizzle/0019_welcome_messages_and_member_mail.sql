CREATE TABLE "member_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_mail_kind_known" CHECK ("member_mail"."kind" in ('welcome', 'payment_receipt', 'refund_receipt'))
);
--> statement-breakpoint
ALTER TABLE "envolvements" ADD COLUMN "welcome_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_mail" ADD CONSTRAINT "member_mail_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_mail_key_unique" ON "member_mail" USING btree ("key");--> statement-breakpoint
CREATE INDEX "member_mail_due_idx" ON "member_mail" USING btree ("next_attempt_at") WHERE "member_mail"."status" in ('pending', 'sending');--> statement-breakpoint
ALTER TABLE "envolvements" ADD CONSTRAINT "envolvements_welcome_message_length" CHECK (char_length("envolvements"."welcome_message") <= 1000);