ALTER TABLE "business_applications" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "business_stories" ADD COLUMN "business_id" uuid;--> statement-breakpoint
ALTER TABLE "business_stories" ADD CONSTRAINT "business_stories_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_stories_business_publish_idx" ON "business_stories" USING btree ("business_id","publish_date" DESC NULLS LAST) WHERE "business_stories"."business_id" is not null;