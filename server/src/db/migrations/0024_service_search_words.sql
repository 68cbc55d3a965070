ALTER TABLE "services" ADD COLUMN "search_words_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search_words_ar" text DEFAULT '' NOT NULL;