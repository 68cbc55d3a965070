ALTER TABLE "request_lines" ADD COLUMN "hotel_id" integer;--> statement-breakpoint
UPDATE "request_lines" l SET "hotel_id" = r."hotel_id" FROM "requests" r WHERE r."id" = l."request_id";--> statement-breakpoint
ALTER TABLE "request_lines" ADD CONSTRAINT "request_lines_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_lines_hotel_idx" ON "request_lines" USING btree ("hotel_id","department_id");
