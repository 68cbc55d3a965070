CREATE TABLE "guest_notices" (
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_notices_request_id_kind_pk" PRIMARY KEY("request_id","kind")
);
--> statement-breakpoint
CREATE TABLE "room_link_keys" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "room_verified" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "lang" text DEFAULT 'ar' NOT NULL;--> statement-breakpoint
ALTER TABLE "guest_notices" ADD CONSTRAINT "guest_notices_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_link_keys" ADD CONSTRAINT "room_link_keys_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;