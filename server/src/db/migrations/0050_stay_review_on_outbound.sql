-- The stay review e-mail moves to the outbound queue (issue 43). A stay whose e-mail is still due
-- (checked out and not sent yet, refused, or a try under way when the old version stopped) gets a
-- queue row that carries only the stay (its e-mail is made at its first try), keyed as the new
-- code keys it, due when its old retry was; it keeps its tries. The stay's claim is closed as the
-- old code closes a sent one, so a process of the old version still running never sends it.
INSERT INTO "outbound_messages" ("kind", "dedupe_key", "input", "attempts", "next_attempt_at", "created_at")
SELECT 'stay-review', 'stay-review:' || "id", jsonb_build_object('stayId', "id"), "review_mail_tries", "review_mail_retry_at", coalesce("checked_out_at", now())
FROM "stays"
WHERE "review_mail_retry_at" IS NOT NULL AND "review_mail_tries" <= 5
ON CONFLICT ("dedupe_key") DO NOTHING;
--> statement-breakpoint
UPDATE "stays" SET "review_mail_sent_at" = coalesce("review_mail_sent_at", now()), "review_mail_retry_at" = NULL WHERE "review_mail_retry_at" IS NOT NULL;
