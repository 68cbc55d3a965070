CREATE TABLE "apaleo_settings" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"property_id" text DEFAULT '' NOT NULL,
	"client_id" text DEFAULT '' NOT NULL,
	"client_secret_enc" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apaleo_settings" ADD CONSTRAINT "apaleo_settings_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apaleo_settings_property_idx" ON "apaleo_settings" USING btree ("property_id") WHERE "apaleo_settings"."property_id" <> '';