CREATE TABLE "spot_waits" (
	"user_id" text NOT NULL,
	"envolvement_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_waits_user_id_envolvement_id_pk" PRIMARY KEY("user_id","envolvement_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "spot_waits" ADD CONSTRAINT "spot_waits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_waits" ADD CONSTRAINT "spot_waits_envolvement_id_envolvements_id_fk" FOREIGN KEY ("envolvement_id") REFERENCES "public"."envolvements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spot_waits_queue_idx" ON "spot_waits" USING btree ("envolvement_id","created_at","user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('member_joined', 'member_paid', 'member_refunded', 'payment_refunded', 'update_posted', 'comment_posted', 'comment_replied', 'submission_received', 'submission_changed', 'submission_status', 'submissions_opened', 'spot_opened'));