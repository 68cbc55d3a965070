CREATE TABLE "feedback_follow_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"hotel_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"follower_id" integer,
	"resolved_at" timestamp with time zone,
	"mailed_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_follow_ups_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "recovery_threshold" integer;--> statement-breakpoint
ALTER TABLE "request_lines" ADD COLUMN "guest_unread_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback_follow_ups" ADD CONSTRAINT "feedback_follow_ups_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_follow_ups" ADD CONSTRAINT "feedback_follow_ups_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_follow_ups" ADD CONSTRAINT "feedback_follow_ups_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_follow_ups_hotel_idx" ON "feedback_follow_ups" USING btree ("hotel_id","status");--> statement-breakpoint
CREATE INDEX "feedback_follow_ups_resolved_idx" ON "feedback_follow_ups" USING btree ("resolved_at");