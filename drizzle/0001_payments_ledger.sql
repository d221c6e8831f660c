CREATE TABLE "payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"amount_refunded_cents" integer NOT NULL,
	"source" text NOT NULL,
	"applied" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"envolvement_id" uuid NOT NULL,
	"buyer_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'requires_payment' NOT NULL,
	"amount_refunded_cents" integer DEFAULT 0 NOT NULL,
	"refund_reason" text,
	"refund_requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reconciled_at" timestamp with time zone,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_refunded_within_amount" CHECK ("payments"."amount_refunded_cents" between 0 and "payments"."amount_cents")
);
--> statement-breakpoint
-- Card purchases made before the ledger existed become succeeded payments, so every
-- membership paid by card has its ledger row before the foreign key below is added.
INSERT INTO "payments" ("id", "envolvement_id", "buyer_id", "amount_cents", "currency", "status", "created_at", "updated_at")
SELECT "payment_intent_id", "envolvement_id", "user_id", "amount_cents", "currency", 'succeeded', "created_at", "created_at"
FROM "purchases" WHERE "payment_intent_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_envolvement_user_unique";--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_envolvement_id_envolvements_id_fk";
--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "submission_status_changes" DROP CONSTRAINT "submission_status_changes_submission_id_submissions_id_fk";
--> statement-breakpoint
ALTER TABLE "submissions" DROP CONSTRAINT "submissions_envolvement_id_envolvements_id_fk";
--> statement-breakpoint
ALTER TABLE "submissions" DROP CONSTRAINT "submissions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "envolvements" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_status_changes" ADD CONSTRAINT "payment_status_changes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_envolvement_id_envolvements_id_fk" FOREIGN KEY ("envolvement_id") REFERENCES "public"."envolvements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_requested_by_users_id_fk" FOREIGN KEY ("refund_requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_status_changes_payment_idx" ON "payment_status_changes" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_buyer_envolvement_idx" ON "payments" USING btree ("buyer_id","envolvement_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_envolvement_idx" ON "payments" USING btree ("envolvement_id","status");--> statement-breakpoint
CREATE INDEX "payments_status_reconciled_idx" ON "payments" USING btree ("status","reconciled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_buyer" ON "payments" USING btree ("buyer_id","envolvement_id") WHERE "payments"."status" in ('requires_payment', 'processing', 'failed');--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_payment_intent_id_payments_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_envolvement_id_envolvements_id_fk" FOREIGN KEY ("envolvement_id") REFERENCES "public"."envolvements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_status_changes" ADD CONSTRAINT "submission_status_changes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_envolvement_id_envolvements_id_fk" FOREIGN KEY ("envolvement_id") REFERENCES "public"."envolvements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_active_envolvement_user_unique" ON "purchases" USING btree ("envolvement_id","user_id") WHERE "purchases"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "purchases_envolvement_idx" ON "purchases" USING btree ("envolvement_id","created_at");