CREATE TABLE "work_stream_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"worker_id" integer NOT NULL,
	"stream_until" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_stream_tickets" ADD CONSTRAINT "work_stream_tickets_device_id_worker_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."worker_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_stream_tickets_expires_idx" ON "work_stream_tickets" USING btree ("expires_at");