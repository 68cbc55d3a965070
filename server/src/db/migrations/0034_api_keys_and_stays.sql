CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"name" text NOT NULL,
	"hotel_id" integer,
	"claims" text[] NOT NULL,
	"secret_hash" text NOT NULL,
	"per_second" integer DEFAULT 20 NOT NULL,
	"per_minute" integer DEFAULT 1200 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "api_keys_key_id_unique" UNIQUE("key_id")
);
--> statement-breakpoint
CREATE TABLE "stay_events" (
	"hotel_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stay_events_hotel_id_event_id_pk" PRIMARY KEY("hotel_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "stay_secrets" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"secret_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"room_id" integer NOT NULL,
	"guest_name" text NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"arrival" text NOT NULL,
	"departure" text NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_out_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "assigned_to_department_by_key" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "assigned_by_key" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "completed_by_key" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "rejected_by_key" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "acknowledged_by_key" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "stay_id" integer;--> statement-breakpoint
ALTER TABLE "line_messages" ADD COLUMN "api_key_id" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_events" ADD CONSTRAINT "stay_events_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_secrets" ADD CONSTRAINT "stay_secrets_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_hotel_idx" ON "api_keys" USING btree ("hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stays_hotel_external_idx" ON "stays" USING btree ("hotel_id","external_id");--> statement-breakpoint
CREATE INDEX "stays_room_idx" ON "stays" USING btree ("room_id");--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_assigned_to_department_by_key_api_keys_id_fk" FOREIGN KEY ("assigned_to_department_by_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_assigned_by_key_api_keys_id_fk" FOREIGN KEY ("assigned_by_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_completed_by_key_api_keys_id_fk" FOREIGN KEY ("completed_by_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_rejected_by_key_api_keys_id_fk" FOREIGN KEY ("rejected_by_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_acknowledged_by_key_api_keys_id_fk" FOREIGN KEY ("acknowledged_by_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_messages" ADD CONSTRAINT "line_messages_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The Admin role holds every claim of the catalogue, the new Integrations ones included.
INSERT INTO "role_claims" ("role_id", "claim") SELECT "id", 'Administration.Integrations.View' FROM "roles" WHERE "is_system" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_claims" ("role_id", "claim") SELECT "id", 'Administration.Integrations.Edit' FROM "roles" WHERE "is_system" ON CONFLICT DO NOTHING;
