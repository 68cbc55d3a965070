ALTER TABLE "line_escalations" ADD COLUMN "mailed_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "line_escalations" ADD COLUMN "mail_attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "line_escalations" ADD COLUMN "next_mail_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "line_escalations_mail_due_idx" ON "line_escalations" USING btree ("next_mail_at") WHERE next_mail_at is not null;