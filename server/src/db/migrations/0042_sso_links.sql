ALTER TABLE "sso_flows" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "sso_settings" ADD COLUMN "auto_link_domains" text[] DEFAULT '{}'::text[] NOT NULL;