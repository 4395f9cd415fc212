CREATE TABLE "ad_kiosks" (
	"ad_id" uuid NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_kiosks_ad_id_kiosk_id_pk" PRIMARY KEY("ad_id","kiosk_id")
);
--> statement-breakpoint
CREATE TABLE "kiosk_pairings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"kiosk_id" uuid,
	"claimed_at" timestamp with time zone,
	"handed_over_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_pairings_code_check" CHECK (code ~ '^[A-Z0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "ad_kiosks" ADD CONSTRAINT "ad_kiosks_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_kiosks" ADD CONSTRAINT "ad_kiosks_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pairings" ADD CONSTRAINT "kiosk_pairings_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_kiosks_kiosk_idx" ON "ad_kiosks" USING btree ("kiosk_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_pairings_code_idx" ON "kiosk_pairings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "kiosk_pairings_expires_idx" ON "kiosk_pairings" USING btree ("expires_at");