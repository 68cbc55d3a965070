-- Escalation digests are written down: one row per hotel window, holding the escalations it took and
-- the receivers the mail server took it for, so a refused receiver or a process stopped mid-send is retried.
CREATE TABLE "escalation_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"window_at" timestamp with time zone NOT NULL,
	"mailed_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"mail_attempts" integer DEFAULT 1 NOT NULL,
	"next_mail_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "line_escalations" ADD COLUMN "digest_id" integer;--> statement-breakpoint
ALTER TABLE "escalation_digests" ADD CONSTRAINT "escalation_digests_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "escalation_digests_hotel_window_uq" ON "escalation_digests" USING btree ("hotel_id","window_at");--> statement-breakpoint
CREATE INDEX "escalation_digests_mail_due_idx" ON "escalation_digests" USING btree ("next_mail_at") WHERE next_mail_at is not null;--> statement-breakpoint
ALTER TABLE "line_escalations" ADD CONSTRAINT "line_escalations_digest_id_escalation_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."escalation_digests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_escalations_digest_id_idx" ON "line_escalations" USING btree ("digest_id") WHERE digest_id is not null;