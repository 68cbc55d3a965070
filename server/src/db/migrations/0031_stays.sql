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
ALTER TABLE "stay_events" ADD CONSTRAINT "stay_events_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_secrets" ADD CONSTRAINT "stay_secrets_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stays_hotel_external_idx" ON "stays" USING btree ("hotel_id","external_id");--> statement-breakpoint
CREATE INDEX "stays_room_idx" ON "stays" USING btree ("room_id");