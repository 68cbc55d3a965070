CREATE TABLE "worker_actions" (
	"device_id" uuid NOT NULL,
	"key" text NOT NULL,
	"action" text NOT NULL,
	"line_id" integer NOT NULL,
	"status" integer,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_actions_device_id_key_pk" PRIMARY KEY("device_id","key")
);
--> statement-breakpoint
CREATE TABLE "worker_device_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_device_credentials_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "worker_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"worker_id" integer NOT NULL,
	"name" text NOT NULL,
	"unlocked_at" timestamp with time zone,
	"failed_pins" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_pairing_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"worker_id" integer NOT NULL,
	"selector" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "workers_take_open_lines" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "accepted_by_worker_id" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "started_by_worker_id" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "completed_by_worker_id" integer;--> statement-breakpoint
ALTER TABLE "line_messages" ADD COLUMN "worker_id" integer;--> statement-breakpoint
ALTER TABLE "worker_actions" ADD CONSTRAINT "worker_actions_device_id_worker_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."worker_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_device_credentials" ADD CONSTRAINT "worker_device_credentials_device_id_worker_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."worker_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_devices" ADD CONSTRAINT "worker_devices_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_devices" ADD CONSTRAINT "worker_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_pairing_codes" ADD CONSTRAINT "worker_pairing_codes_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_pairing_codes" ADD CONSTRAINT "worker_pairing_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "worker_actions_created_idx" ON "worker_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "worker_device_credentials_device_idx" ON "worker_device_credentials" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "worker_devices_worker_idx" ON "worker_devices" USING btree ("worker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "worker_pairing_codes_live_selector_uq" ON "worker_pairing_codes" USING btree ("selector") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "worker_pairing_codes_worker_idx" ON "worker_pairing_codes" USING btree ("worker_id");--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_accepted_by_worker_id_workers_id_fk" FOREIGN KEY ("accepted_by_worker_id") REFERENCES "public"."workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_started_by_worker_id_workers_id_fk" FOREIGN KEY ("started_by_worker_id") REFERENCES "public"."workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_completed_by_worker_id_workers_id_fk" FOREIGN KEY ("completed_by_worker_id") REFERENCES "public"."workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_messages" ADD CONSTRAINT "line_messages_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE set null ON UPDATE no action;