CREATE TABLE "ad_hourly_results" (
	"ad_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"completed_plays" integer DEFAULT 0 NOT NULL,
	"screen_ms" bigint DEFAULT 0 NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_hourly_results_ad_id_hour_kiosk_id_pk" PRIMARY KEY("ad_id","hour","kiosk_id")
);
--> statement-breakpoint
CREATE TABLE "ad_result_names" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"business_id" uuid NOT NULL,
	"title" text NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "business_daily_results" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"unique_views" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"websites" integer DEFAULT 0 NOT NULL,
	"emails" integer DEFAULT 0 NOT NULL,
	"directions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_daily_results_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
CREATE TABLE "listing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"visitor_hash" text,
	CONSTRAINT "listing_events_kind_check" CHECK (kind in ('view', 'call', 'website', 'email', 'directions'))
);
--> statement-breakpoint
CREATE TABLE "results_rollup_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"rolled_up_to" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_result_names" ADD CONSTRAINT "ad_result_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_hourly_results_hour_idx" ON "ad_hourly_results" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "ad_hourly_results_kiosk_hour_idx" ON "ad_hourly_results" USING btree ("kiosk_id","hour");--> statement-breakpoint
CREATE INDEX "ad_result_names_user_idx" ON "ad_result_names" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ad_result_names_business_idx" ON "ad_result_names" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "listing_events_at_idx" ON "listing_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "listing_events_business_at_idx" ON "listing_events" USING btree ("business_id","at");--> statement-breakpoint
CREATE INDEX "ad_scans_time_idx" ON "ad_scans" USING btree ("scanned_at");--> statement-breakpoint
CREATE INDEX "kiosk_plays_received_idx" ON "kiosk_plays" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "kiosk_plays_started_idx" ON "kiosk_plays" USING btree ("started_at");--> statement-breakpoint
-- hand-written below
-- An ad's results keep its name and owner after the ad is deleted: every writer of `ads` (forms, seeders, psql)
-- keeps ad_result_names in step in its own transaction.
CREATE FUNCTION ad_result_names_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE ad_result_names SET deleted_at = now() WHERE ad_id = OLD.id;
    RETURN OLD;
  END IF;
  INSERT INTO ad_result_names (ad_id, user_id, business_id, title)
  VALUES (NEW.id, NEW.user_id, NEW.business_id, NEW.title)
  ON CONFLICT (ad_id) DO UPDATE
    SET user_id = excluded.user_id, business_id = excluded.business_id, title = excluded.title, deleted_at = null;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ads_keep_result_names AFTER INSERT OR UPDATE OF title, user_id, business_id OR DELETE ON ads
  FOR EACH ROW EXECUTE FUNCTION ad_result_names_keep();--> statement-breakpoint
INSERT INTO ad_result_names (ad_id, user_id, business_id, title)
  SELECT id, user_id, business_id, title FROM ads ON CONFLICT (ad_id) DO NOTHING;
