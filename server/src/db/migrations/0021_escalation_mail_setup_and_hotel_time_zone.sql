ALTER TABLE "hotels" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "line_escalations" ADD COLUMN "awaiting_mail_setup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "line_escalations_awaiting_mail_idx" ON "line_escalations" USING btree ("id") WHERE awaiting_mail_setup;--> statement-breakpoint
-- Escalations that fell due before e-mail was set up were ended unsent (no receiver count); they wait for it now like new ones.
UPDATE "line_escalations" SET "awaiting_mail_setup" = true WHERE "mailed_to" IS NULL AND "next_mail_at" IS NULL AND cardinality("mailed_user_ids") = 0;
