ALTER TABLE "notification_preferences" ADD COLUMN "email_members_on_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "email_updates_on_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "email_submissions_on_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "email_comments_on_at" timestamp with time zone;