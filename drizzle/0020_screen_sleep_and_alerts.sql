CREATE TABLE "kiosk_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"down_since" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"back" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kiosks" ADD COLUMN "always_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kiosk_incidents" ADD CONSTRAINT "kiosk_incidents_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_incidents_open_idx" ON "kiosk_incidents" USING btree ("kiosk_id") WHERE closed_at is null;