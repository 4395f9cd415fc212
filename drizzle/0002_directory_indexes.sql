CREATE TABLE "business_counts_by_industry" (
	"industry" text PRIMARY KEY NOT NULL,
	"businesses" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_counts_by_zip" (
	"industry" text NOT NULL,
	"zip_code" text NOT NULL,
	"businesses" integer NOT NULL,
	CONSTRAINT "business_counts_by_zip_industry_zip_code_pk" PRIMARY KEY("industry","zip_code")
);
--> statement-breakpoint
DROP INDEX "businesses_zip_trgm_idx";--> statement-breakpoint
CREATE INDEX "business_counts_by_zip_trgm_idx" ON "business_counts_by_zip" USING gin ("zip_code" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "businesses_zip_trgm_idx" ON "businesses" USING gin ("zip_code" gin_trgm_ops) WITH (fastupdate=false);