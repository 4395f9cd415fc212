CREATE TABLE "kiosk_refused_plays" (
	"kiosk_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"refused_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kiosk_refused_plays_kiosk_id_id_pk" PRIMARY KEY("kiosk_id","id")
);
--> statement-breakpoint
CREATE INDEX "kiosk_refused_plays_kiosk_at_idx" ON "kiosk_refused_plays" USING btree ("kiosk_id","refused_at");