CREATE TABLE "follow_announcements" (
	"envolvement_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_digests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"digest_day" date NOT NULL,
	"covers_from" timestamp with time zone NOT NULL,
	"covers_to" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_creator_id_pk" PRIMARY KEY("follower_id","creator_id"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_id" <> "follows"."creator_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "email_following" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "email_following_on_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "follow_announcements" ADD CONSTRAINT "follow_announcements_envolvement_id_envolvements_id_fk" FOREIGN KEY ("envolvement_id") REFERENCES "public"."envolvements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_digests" ADD CONSTRAINT "follow_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_digests_user_day_unique" ON "follow_digests" USING btree ("user_id","digest_day");--> statement-breakpoint
CREATE INDEX "follow_digests_user_newest_idx" ON "follow_digests" USING btree ("user_id","covers_to");--> statement-breakpoint
CREATE INDEX "follow_digests_due_idx" ON "follow_digests" USING btree ("next_attempt_at") WHERE "follow_digests"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "follows_creator_idx" ON "follows" USING btree ("creator_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('member_joined', 'member_paid', 'member_refunded', 'payment_refunded', 'update_posted', 'comment_posted', 'comment_replied', 'submission_received', 'submission_changed', 'submission_status', 'submissions_opened', 'spot_opened', 'new_envolvement'));--> statement-breakpoint
-- Envolvements public before following existed are not new: nobody is told of them when they are published again.
INSERT INTO "follow_announcements" ("envolvement_id") SELECT "id" FROM "envolvements" WHERE "is_active" AND "archived_at" IS NULL;
