-- A stay's review e-mail is done once sent with no retry time left (review_mail_retry_at null); a claim
-- now holds it until a retry time, so a process stopped mid-send leaves it to the retry sweep.
-- E-mails sent before this kept their check-out time there: they are done.
UPDATE "stays" SET "review_mail_retry_at" = NULL WHERE "review_mail_sent_at" IS NOT NULL;
