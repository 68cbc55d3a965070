CREATE TABLE "canned_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"text_en" text NOT NULL,
	"text_ar" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_messages" ADD CONSTRAINT "line_messages_line_id_request_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."request_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_messages" ADD CONSTRAINT "line_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_messages_line_idx" ON "line_messages" USING btree ("line_id","id");--> statement-breakpoint
-- Hand-written: a reply given before threads existed becomes the first message of its line.
INSERT INTO "line_messages" ("line_id", "kind", "text", "user_id", "created_at")
SELECT "id", 'reply', "reply", coalesce("rejected_by", "completed_by", "assigned_by"), coalesce("rejected_at", "completed_at", "assigned_at", "updated_at")
FROM "request_lines" WHERE "reply" IS NOT NULL AND "reply" <> '' ORDER BY "id";
