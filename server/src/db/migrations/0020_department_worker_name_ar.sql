ALTER TABLE "departments" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "name_ar" text;