CREATE TABLE "kiosk_revoked_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"paired_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_screenshots" (
	"kiosk_id" uuid PRIMARY KEY NOT NULL,
	"jpeg" "bytea",
	"width" integer,
	"height" integer,
	"taken_at" timestamp with time zone,
	"requested_at" timestamp with time zone,
	CONSTRAINT "kiosk_screenshots_size_check" CHECK (octet_length(jpeg) <= 65536)
);
--> statement-breakpoint
ALTER TABLE "kiosk_revoked_tokens" ADD CONSTRAINT "kiosk_revoked_tokens_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_screenshots" ADD CONSTRAINT "kiosk_screenshots_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_revoked_tokens_revoked_idx" ON "kiosk_revoked_tokens" USING btree ("revoked_at");