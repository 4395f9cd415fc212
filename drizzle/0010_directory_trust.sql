CREATE TABLE "business_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_claims_status_check" CHECK (status in ('pending', 'approved', 'rejected')),
	CONSTRAINT "business_claims_method_check" CHECK (method in ('email', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "business_open_spans" (
	"business_id" uuid NOT NULL,
	"time_zone" text NOT NULL,
	"day" integer NOT NULL,
	"opens_at" integer NOT NULL,
	"closes_at" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "hours" jsonb;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "owner_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_claims" ADD CONSTRAINT "business_claims_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_claims" ADD CONSTRAINT "business_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_open_spans" ADD CONSTRAINT "business_open_spans_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_claims_business_idx" ON "business_claims" USING btree ("business_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "business_claims_user_idx" ON "business_claims" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "business_claims_pending_idx" ON "business_claims" USING btree ("created_at") WHERE status = 'pending' and method = 'admin';--> statement-breakpoint
CREATE INDEX "business_open_spans_lookup_idx" ON "business_open_spans" USING btree ("time_zone","day","opens_at","closes_at","business_id");--> statement-breakpoint
CREATE INDEX "business_open_spans_business_idx" ON "business_open_spans" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "businesses_published_created_idx" ON "businesses" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "businesses_published_industry_created_idx" ON "businesses" USING btree ("industry","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_status_check" CHECK (status in ('pending', 'published', 'rejected', 'unpublished'));--> statement-breakpoint
-- hand-written below
-- Near me (docs/decisions/062-near-me-with-earthdistance.md): cube + earthdistance, on PostgreSQL and in PGlite.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
CREATE INDEX businesses_published_earth_idx ON businesses USING gist (ll_to_earth(latitude, longitude))
  WHERE status = 'published' AND latitude IS NOT NULL AND longitude IS NOT NULL;
--> statement-breakpoint
-- The directory's running totals count published listings only (docs/decisions/005-directory-counts.md): the same
-- function as drizzle/0003_directory_counts.sql, with every transition table read through status = 'published'.
-- Approving is an UPDATE that moves a row into the totals; unpublishing one that moves it out.
CREATE OR REPLACE FUNCTION business_counts_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d_industry text[];
  d_zip_code text[];
  d_delta integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM business_counts_by_industry;
    DELETE FROM business_counts_by_zip;
    RETURN NULL;
  END IF;
  -- Transition tables exist only for the events that have them, so each branch names its own.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(industry), array_agg(zip_code), array_agg(delta) INTO d_industry, d_zip_code, d_delta
      FROM (SELECT industry, zip_code, count(*)::integer AS delta FROM new_rows WHERE status = 'published' GROUP BY 1, 2) changes;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(industry), array_agg(zip_code), array_agg(delta) INTO d_industry, d_zip_code, d_delta
      FROM (SELECT industry, zip_code, -count(*)::integer AS delta FROM old_rows WHERE status = 'published' GROUP BY 1, 2) changes;
  ELSE
    SELECT array_agg(industry), array_agg(zip_code), array_agg(delta) INTO d_industry, d_zip_code, d_delta
      FROM (
        SELECT industry, zip_code, sum(delta)::integer AS delta
        FROM (
          SELECT industry, zip_code, 1 AS delta FROM new_rows WHERE status = 'published'
          UNION ALL
          SELECT industry, zip_code, -1 FROM old_rows WHERE status = 'published'
        ) moves
        GROUP BY 1, 2
        HAVING sum(delta) <> 0
      ) changes;
  END IF;
  IF d_delta IS NULL THEN
    RETURN NULL; -- an update that moved no business to another industry or zip code
  END IF;
  INSERT INTO business_counts_by_zip AS c (industry, zip_code, businesses)
    SELECT industry, zip_code, delta FROM unnest(d_industry, d_zip_code, d_delta) AS d(industry, zip_code, delta)
    ORDER BY 1, 2
    ON CONFLICT (industry, zip_code) DO UPDATE SET businesses = c.businesses + excluded.businesses;
  INSERT INTO business_counts_by_industry AS c (industry, businesses)
    SELECT industry, sum(delta)::integer FROM unnest(d_industry, d_delta) AS d(industry, delta)
    GROUP BY 1 HAVING sum(delta) <> 0
    ORDER BY 1
    ON CONFLICT (industry) DO UPDATE SET businesses = c.businesses + excluded.businesses;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DELETE FROM business_counts_by_industry;
--> statement-breakpoint
DELETE FROM business_counts_by_zip;
--> statement-breakpoint
INSERT INTO business_counts_by_industry (industry, businesses)
  SELECT industry, count(*) FROM businesses WHERE status = 'published' GROUP BY industry;
--> statement-breakpoint
INSERT INTO business_counts_by_zip (industry, zip_code, businesses)
  SELECT industry, zip_code, count(*) FROM businesses WHERE status = 'published' GROUP BY industry, zip_code;
