-- Trigram indexes serve the case-insensitive partial searches (titles, descriptions, user names).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"name" text NOT NULL,
	"nickname" text NOT NULL,
	"picture" text,
	"banner_url" text,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "envolvements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"title" text NOT NULL,
	"preview_text" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"img_url" text DEFAULT '' NOT NULL,
	"categories" text[] NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"unlimited" boolean DEFAULT true NOT NULL,
	"current_count" integer DEFAULT 0 NOT NULL,
	"end_date" timestamp with time zone,
	"target_date" timestamp with time zone,
	"is_active" boolean DEFAULT false NOT NULL,
	"comments_allowed" boolean DEFAULT false NOT NULL,
	"submissions_allowed" boolean DEFAULT false NOT NULL,
	"submissions_active" boolean DEFAULT false NOT NULL,
	"submission_description" text DEFAULT '' NOT NULL,
	"submission_deadline" timestamp with time zone,
	"submission_picture" boolean DEFAULT false NOT NULL,
	"submission_text" boolean DEFAULT false NOT NULL,
	"submission_url" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_release_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "envolvements_title_length" CHECK (char_length("envolvements"."title") between 1 and 200),
	CONSTRAINT "envolvements_preview_length" CHECK (char_length("envolvements"."preview_text") between 1 and 1000),
	CONSTRAINT "envolvements_description_length" CHECK (char_length("envolvements"."description") <= 4000),
	CONSTRAINT "envolvements_categories_valid" CHECK (cardinality("envolvements"."categories") between 1 and 3 and "envolvements"."categories" <@ ARRAY['Gaming', 'Interactive', 'Livestreamed', 'Video', 'Other', 'Art', 'Tutorials', 'Travel', 'Music', 'Q&A', 'Education']::text[]),
	CONSTRAINT "envolvements_price_nonnegative" CHECK ("envolvements"."price_cents" >= 0),
	CONSTRAINT "envolvements_quantity_range" CHECK ("envolvements"."quantity" between 0 and 10000),
	CONSTRAINT "envolvements_count_within_quantity" CHECK ("envolvements"."current_count" >= 0 and ("envolvements"."unlimited" or "envolvements"."current_count" <= "envolvements"."quantity"))
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"envolvement_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "purchases_envolvement_user_unique" UNIQUE("envolvement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payment_intent_id" text,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"envolvement_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"img_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"changed_by" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"envolvement_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"picture_url" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'inReview' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_envolvement_user_unique" UNIQUE("envolvement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ambassador_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"handle" text NOT NULL,
	"platform" text NOT NULL,
	"content_types" text[] NOT NULL,
	"platform_link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "envolvements" ADD CONSTRAINT "envolvements_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_envolvement_id_envolvements_id_fk" FOREIGN KEY ("envolvement_id") REFERENCES "public"."envolvements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_envolvement_id_envolvements_id_fk" FOREIGN KEY ("envolvement_id") REFERENCES "public"."envolvements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_status_changes" ADD CONSTRAINT "submission_status_changes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_envolvement_id_envolvements_id_fk" FOREIGN KEY ("envolvement_id") REFERENCES "public"."envolvements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_subject_idx" ON "users" USING btree (split_part("id", '|', 2));--> statement-breakpoint
CREATE INDEX "users_nickname_trgm_idx" ON "users" USING gin (lower("nickname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "envolvements_creator_idx" ON "envolvements" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "envolvements_created_idx" ON "envolvements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "envolvements_categories_idx" ON "envolvements" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "envolvements_title_trgm_idx" ON "envolvements" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "envolvements_description_trgm_idx" ON "envolvements" USING gin (lower("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_envolvement_idx" ON "posts" USING btree ("envolvement_id","created_at");--> statement-breakpoint
CREATE INDEX "submission_status_changes_submission_idx" ON "submission_status_changes" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE INDEX "submissions_user_idx" ON "submissions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_email_unique" ON "waitlist_entries" USING btree (lower("email"));