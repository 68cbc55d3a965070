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
ALTER TABLE "request_lines" ADD COLUMN "assigned_to_department_by_key" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "assigned_by_key" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "completed_by_key" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "rejected_by_key" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "acknowledged_by_key" integer;--> statement-breakpoint
ALTER TABLE "line_messages" ADD COLUMN "api_key_id" integer;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_hotel_idx" ON "api_keys" USING btree ("hotel_id");--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_assigned_to_department_by_key_api_keys_id_fk" FOREIGN KEY ("assigned_to_department_by_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_assigned_by_key_api_keys_id_fk" FOREIGN KEY ("assigned_by_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_completed_by_key_api_keys_id_fk" FOREIGN KEY ("completed_by_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_rejected_by_key_api_keys_id_fk" FOREIGN KEY ("rejected_by_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_acknowledged_by_key_api_keys_id_fk" FOREIGN KEY ("acknowledged_by_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_messages" ADD CONSTRAINT "line_messages_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The Admin role holds every claim of the catalogue, the new Integrations ones included.
INSERT INTO "role_claims" ("role_id", "claim") SELECT "id", 'Administration.Integrations.View' FROM "roles" WHERE "is_system" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_claims" ("role_id", "claim") SELECT "id", 'Administration.Integrations.Edit' FROM "roles" WHERE "is_system" ON CONFLICT DO NOTHING;
