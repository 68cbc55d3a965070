ALTER TABLE "guest_notices" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_notices" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_notices" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Before this version a row was kept only once its e-mail was sent (a failure removed it).
UPDATE "guest_notices" SET "sent_at" = "created_at";--> statement-breakpoint
CREATE INDEX "guest_notices_unsent_idx" ON "guest_notices" USING btree ("next_attempt_at") WHERE "guest_notices"."sent_at" is null;