ALTER TABLE "email_settings" ADD COLUMN "password_for" text;--> statement-breakpoint
ALTER TABLE "email_settings" ADD COLUMN "tls_mode" text DEFAULT 'starttls' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_settings" ADD COLUMN "require_tls" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "email_settings" SET "tls_mode" = 'tls' WHERE "smtp_port" = 465;--> statement-breakpoint
UPDATE "email_settings" SET "require_tls" = false WHERE lower("smtp_server") IN ('localhost', '::1', '[::1]') OR "smtp_server" LIKE '127.%';--> statement-breakpoint
UPDATE "email_settings" SET "password_for" = lower("smtp_server") || '|' || "smtp_port" || '|' || "username" WHERE "password_enc" IS NOT NULL;
