CREATE TABLE "worker_hotels" (
	"worker_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	CONSTRAINT "worker_hotels_worker_id_hotel_id_pk" PRIMARY KEY("worker_id","hotel_id")
);
--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "hotels_to_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "worker_hotels" ADD CONSTRAINT "worker_hotels_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_hotels" ADD CONSTRAINT "worker_hotels_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "worker_hotels_hotel_idx" ON "worker_hotels" USING btree ("hotel_id");--> statement-breakpoint
-- Each worker keeps the hotels it has served: its lines' hotels and the hotels whose rosters name it.
INSERT INTO "worker_hotels" ("worker_id", "hotel_id")
SELECT DISTINCT l."worker_id", r."hotel_id" FROM "request_lines" l JOIN "requests" r ON r."id" = l."request_id" WHERE l."worker_id" IS NOT NULL
UNION
SELECT DISTINCT s."worker_id", s."hotel_id" FROM "shift_roster" s;--> statement-breakpoint
-- A worker that served none gets every hotel (nothing it did before stops), flagged for review: the start log names it.
UPDATE "workers" w SET "hotels_to_review" = true WHERE NOT EXISTS (SELECT 1 FROM "worker_hotels" h WHERE h."worker_id" = w."id") AND EXISTS (SELECT 1 FROM "hotels");--> statement-breakpoint
INSERT INTO "worker_hotels" ("worker_id", "hotel_id")
SELECT w."id", h."id" FROM "workers" w CROSS JOIN "hotels" h WHERE w."hotels_to_review";
