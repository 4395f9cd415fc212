ALTER TABLE "ad_scans" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "listing_events" ADD COLUMN "day" date;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_scans_once_a_day_idx" ON "ad_scans" USING btree ("ad_id","day","visitor_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_events_once_a_day_idx" ON "listing_events" USING btree ("business_id","kind","day","visitor_hash");