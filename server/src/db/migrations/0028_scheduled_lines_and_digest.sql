ALTER TABLE "hotels" ADD COLUMN "escalation_digest_minutes" integer;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "escalation_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "schedule_lead_minutes" integer;--> statement-breakpoint
ALTER TABLE "line_escalations" ADD COLUMN "digest_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "line_escalations_digest_idx" ON "line_escalations" USING btree ("id") WHERE digest_pending;--> statement-breakpoint
CREATE INDEX "request_lines_alert_idx" ON "request_lines" USING btree ("alert_at") WHERE alerted_at is null and alert_at is not null;