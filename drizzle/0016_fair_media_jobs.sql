ALTER TABLE "jobs" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "heavy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_group_idx" ON "jobs" USING btree ("kind","group_key","finished_at") WHERE group_key is not null;