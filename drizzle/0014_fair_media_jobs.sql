ALTER TABLE "jobs" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "heavy" boolean DEFAULT false NOT NULL;