CREATE TABLE "payout_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"requirements_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_stripe_account_id_unique" UNIQUE("stripe_account_id")
);
--> statement-breakpoint
CREATE TABLE "earnings_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"envolvement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"gross_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"refunded_total_cents" integer DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earnings_entries_signs" CHECK (("earnings_entries"."kind" = 'sale' and "earnings_entries"."gross_cents" > 0 and "earnings_entries"."fee_cents" >= 0) or ("earnings_entries"."kind" = 'refund' and "earnings_entries"."gross_cents" < 0 and "earnings_entries"."fee_cents" <= 0)),
	CONSTRAINT "earnings_entries_fee_within_gross" CHECK (abs("earnings_entries"."fee_cents") <= abs("earnings_entries"."gross_cents"))
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "transfer_reversed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "fee_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "destination_account_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "application_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_envolvement_id_envolvements_id_fk" FOREIGN KEY ("envolvement_id") REFERENCES "public"."envolvements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earnings_entries_creator_time_idx" ON "earnings_entries" USING btree ("creator_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_entries_once" ON "earnings_entries" USING btree ("payment_id","kind","refunded_total_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_within_amount" CHECK ("payments"."application_fee_cents" between 0 and "payments"."amount_cents");--> statement-breakpoint
-- Payments made before this migration: the time their money arrived, from the ledger's
-- history where it has it, and their sales and refunds in the creators' earnings.
UPDATE "payments" p SET "paid_at" = coalesce(
  (SELECT min(c."created_at") FROM "payment_status_changes" c
   WHERE c."payment_id" = p."id" AND c."applied"
     AND c."to_status" IN ('succeeded', 'partially_refunded', 'refunded', 'disputed', 'dispute_lost')),
  p."updated_at")
WHERE p."status" IN ('succeeded', 'partially_refunded', 'refunded', 'disputed', 'dispute_lost');--> statement-breakpoint
INSERT INTO "earnings_entries" ("payment_id", "creator_id", "envolvement_id", "kind", "gross_cents", "fee_cents", "currency", "refunded_total_cents", "occurred_at")
SELECT p."id", e."creator_id", p."envolvement_id", 'sale', p."amount_cents", p."application_fee_cents", p."currency", 0, p."paid_at"
FROM "payments" p JOIN "envolvements" e ON e."id" = p."envolvement_id"
WHERE p."paid_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "earnings_entries" ("payment_id", "creator_id", "envolvement_id", "kind", "gross_cents", "fee_cents", "currency", "refunded_total_cents", "occurred_at")
SELECT p."id", e."creator_id", p."envolvement_id", 'refund', -p."amount_refunded_cents", 0, p."currency", p."amount_refunded_cents", p."updated_at"
FROM "payments" p JOIN "envolvements" e ON e."id" = p."envolvement_id"
WHERE p."paid_at" IS NOT NULL AND p."amount_refunded_cents" > 0;
