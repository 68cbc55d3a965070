ALTER TABLE "password_tokens" ADD COLUMN "delivery" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;