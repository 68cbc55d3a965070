CREATE TABLE "line_routing" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"offered_worker_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"offered_at" timestamp with time zone,
	"rule_id" integer,
	"wait_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_routing_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"rule_id" integer,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"worker_id" integer,
	"department_id" integer,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "routing_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	"auto_route" boolean DEFAULT true NOT NULL,
	"department_id" integer,
	"max_open_tasks" integer DEFAULT 5 NOT NULL,
	"accept_minutes" integer DEFAULT 3 NOT NULL,
	"max_reoffers" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routing_rules_cap_ck" CHECK (max_open_tasks between 1 and 100),
	CONSTRAINT "routing_rules_accept_ck" CHECK (accept_minutes between 1 and 1440),
	CONSTRAINT "routing_rules_reoffers_ck" CHECK (max_reoffers between 0 and 20)
);
--> statement-breakpoint
CREATE TABLE "shift_roster" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"worker_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_zones" (
	"worker_id" integer NOT NULL,
	"zone" text NOT NULL,
	CONSTRAINT "worker_zones_worker_id_zone_pk" PRIMARY KEY("worker_id","zone")
);
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "floor" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "zone" text;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "shift_override" text;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "shift_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_routing" ADD CONSTRAINT "line_routing_line_id_request_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."request_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_routing_log" ADD CONSTRAINT "line_routing_log_line_id_request_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."request_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_routing_log" ADD CONSTRAINT "line_routing_log_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_routing_log" ADD CONSTRAINT "line_routing_log_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_rules" ADD CONSTRAINT "routing_rules_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_rules" ADD CONSTRAINT "routing_rules_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_roster" ADD CONSTRAINT "shift_roster_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_roster" ADD CONSTRAINT "shift_roster_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_roster" ADD CONSTRAINT "shift_roster_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_zones" ADD CONSTRAINT "worker_zones_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_routing_log_line_idx" ON "line_routing_log" USING btree ("line_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "routing_rules_hotel_scope_uq" ON "routing_rules" USING btree ("hotel_id","scope","scope_id");--> statement-breakpoint
CREATE INDEX "shift_roster_hotel_department_idx" ON "shift_roster" USING btree ("hotel_id","department_id");--> statement-breakpoint
CREATE INDEX "shift_roster_worker_idx" ON "shift_roster" USING btree ("worker_id");