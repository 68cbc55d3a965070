-- The guest's finished e-mail moves to the outbound queue (issue 43). A guest_notices row not
-- sent yet (refused, or a try under way when the old version stopped) becomes a queue row that
-- carries only the request (its e-mail is made at its first try), keyed as the new code keys
-- it, due when its old retry was; it keeps its tries. The old row is held off for good, so a
-- process of the old version still running never tries it again.
INSERT INTO "outbound_messages" ("kind", "dedupe_key", "input", "attempts", "next_attempt_at", "created_at")
SELECT 'guest-finished', 'guest-finished:' || "request_id", jsonb_build_object('requestId', "request_id"), "attempts", "next_attempt_at", "created_at"
FROM "guest_notices"
WHERE "sent_at" IS NULL AND "kind" = 'finished' AND "attempts" <= 5
ON CONFLICT ("dedupe_key") DO NOTHING;
--> statement-breakpoint
UPDATE "guest_notices" SET "next_attempt_at" = 'infinity' WHERE "sent_at" IS NULL;
