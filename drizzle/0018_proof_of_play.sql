CREATE TABLE "kiosk_play_refusals" (
	"kiosk_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"plays" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kiosk_play_refusals_kiosk_id_day_reason_pk" PRIMARY KEY("kiosk_id","day","reason")
);
--> statement-breakpoint
CREATE TABLE "kiosk_served_items" (
	"kiosk_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"ad_id" uuid,
	"served_hash" text NOT NULL,
	"max_ms" integer NOT NULL,
	"timing" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"first_served_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "kiosk_served_items_kiosk_id_served_hash_first_served_at_pk" PRIMARY KEY("kiosk_id","served_hash","first_served_at")
);
--> statement-breakpoint
CREATE INDEX "kiosk_play_refusals_day_idx" ON "kiosk_play_refusals" USING btree ("day");