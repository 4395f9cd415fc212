CREATE TABLE "ad_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"kiosk_id" uuid,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visitor_hash" text
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"business_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"title" text NOT NULL,
	"image_seconds" integer,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"call_to_action" text,
	"qr_target" text DEFAULT 'listing' NOT NULL,
	"short_code" text NOT NULL,
	"radius_miles" integer DEFAULT 5 NOT NULL,
	"review_status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"paused_at" timestamp with time zone,
	"paused_by_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_review_status_check" CHECK (review_status in ('pending', 'approved', 'rejected')),
	CONSTRAINT "ads_qr_target_check" CHECK (qr_target in ('listing', 'website')),
	CONSTRAINT "ads_image_seconds_check" CHECK (image_seconds is null or image_seconds between 5 and 30),
	CONSTRAINT "ads_radius_check" CHECK (radius_miles between 1 and 100),
	CONSTRAINT "ads_dates_check" CHECK (ends_on is null or ends_on >= starts_on),
	CONSTRAINT "ads_short_code_check" CHECK (short_code ~ '^[A-Za-z0-9]{6,16}$')
);
--> statement-breakpoint
CREATE TABLE "kiosk_plays" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"ad_id" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"completed" boolean NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"host_business_id" uuid,
	"orientation" text DEFAULT 'portrait' NOT NULL,
	"time_zone" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"people_per_play" real,
	"device_token_hash" text,
	"paired_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"last_heartbeat" jsonb,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosks_orientation_check" CHECK (orientation in ('portrait', 'landscape'))
);
--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_host_business_id_businesses_id_fk" FOREIGN KEY ("host_business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_scans_ad_time_idx" ON "ad_scans" USING btree ("ad_id","scanned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ads_short_code_idx" ON "ads" USING btree ("short_code");--> statement-breakpoint
CREATE INDEX "ads_user_created_idx" ON "ads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ads_review_queue_idx" ON "ads" USING btree ("submitted_at") WHERE review_status = 'pending';--> statement-breakpoint
CREATE INDEX "ads_approved_idx" ON "ads" USING btree ("business_id") WHERE review_status = 'approved' and paused_at is null;--> statement-breakpoint
CREATE INDEX "ads_media_idx" ON "ads" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "kiosk_plays_ad_time_idx" ON "kiosk_plays" USING btree ("ad_id","started_at");--> statement-breakpoint
CREATE INDEX "kiosk_plays_kiosk_time_idx" ON "kiosk_plays" USING btree ("kiosk_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_device_token_idx" ON "kiosks" USING btree ("device_token_hash") WHERE device_token_hash is not null;--> statement-breakpoint
CREATE INDEX "kiosks_host_idx" ON "kiosks" USING btree ("host_business_id");