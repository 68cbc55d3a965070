ALTER TABLE "stays" ADD COLUMN "review_mail_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "review_mail_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "review_mail_retry_at" timestamp with time zone;