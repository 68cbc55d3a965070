CREATE TABLE "line_escalations" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"escalated_at" timestamp with time zone NOT NULL,
	"mailed_to" integer
);
--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "acknowledge_minutes" integer;--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "complete_minutes" integer;--> statement-breakpoint
ALTER TABLE "service_groups" ADD COLUMN "acknowledge_minutes" integer;--> statement-breakpoint
ALTER TABLE "service_groups" ADD COLUMN "complete_minutes" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "acknowledge_minutes" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "complete_minutes" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "clock_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "acknowledge_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "complete_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "due_at" timestamp with time zone GENERATED ALWAYS AS (case when status in ('Open', 'Assigned') then case when acknowledged_at is null then coalesce(acknowledge_due_at, complete_due_at) else complete_due_at end end) STORED;--> statement-breakpoint
ALTER TABLE "line_escalations" ADD CONSTRAINT "line_escalations_line_id_request_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."request_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_escalations_line_kind_uq" ON "line_escalations" USING btree ("line_id","kind");--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_lines_due_idx" ON "request_lines" USING btree ("due_at") WHERE due_at is not null;--> statement-breakpoint
CREATE INDEX "request_lines_ack_due_idx" ON "request_lines" USING btree ("acknowledge_due_at") WHERE acknowledged_at is null and status in ('Open', 'Assigned');--> statement-breakpoint
CREATE INDEX "request_lines_complete_due_idx" ON "request_lines" USING btree ("complete_due_at") WHERE status in ('Open', 'Assigned');