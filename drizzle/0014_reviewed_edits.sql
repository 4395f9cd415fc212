CREATE TABLE "business_edits" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"changes" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"submitted_by" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "business_edits_status_check" CHECK (status in ('pending', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "pending_radius_miles" integer;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "targeting_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "targeting_rejection_reason" text;--> statement-breakpoint
ALTER TABLE "business_edits" ADD CONSTRAINT "business_edits_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_edits" ADD CONSTRAINT "business_edits_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_edits_queue_idx" ON "business_edits" USING btree ("submitted_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "ads_targeting_queue_idx" ON "ads" USING btree ("targeting_submitted_at") WHERE pending_radius_miles is not null;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_pending_radius_check" CHECK (pending_radius_miles is null or pending_radius_miles between 1 and 100);