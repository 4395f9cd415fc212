CREATE TABLE "ad_kiosk_groups" (
	"ad_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_kiosk_groups_ad_id_group_id_pk" PRIMARY KEY("ad_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "kiosk_group_members" (
	"group_id" uuid NOT NULL,
	"kiosk_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_group_members_group_id_kiosk_id_pk" PRIMARY KEY("group_id","kiosk_id")
);
--> statement-breakpoint
CREATE TABLE "kiosk_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_takeover_groups" (
	"takeover_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "kiosk_takeover_groups_takeover_id_group_id_pk" PRIMARY KEY("takeover_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "kiosk_takeovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"headline" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"media_id" uuid,
	"all_screens" boolean NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_takeovers_color_check" CHECK (color ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "kiosk_takeovers_times_check" CHECK (ends_at is null or ends_at > starts_at)
);
--> statement-breakpoint
ALTER TABLE "ad_kiosk_groups" ADD CONSTRAINT "ad_kiosk_groups_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_kiosk_groups" ADD CONSTRAINT "ad_kiosk_groups_group_id_kiosk_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."kiosk_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_group_members" ADD CONSTRAINT "kiosk_group_members_group_id_kiosk_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."kiosk_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_group_members" ADD CONSTRAINT "kiosk_group_members_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_takeover_groups" ADD CONSTRAINT "kiosk_takeover_groups_takeover_id_kiosk_takeovers_id_fk" FOREIGN KEY ("takeover_id") REFERENCES "public"."kiosk_takeovers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_takeover_groups" ADD CONSTRAINT "kiosk_takeover_groups_group_id_kiosk_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."kiosk_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_takeovers" ADD CONSTRAINT "kiosk_takeovers_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_takeovers" ADD CONSTRAINT "kiosk_takeovers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_kiosk_groups_group_idx" ON "ad_kiosk_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "kiosk_group_members_kiosk_idx" ON "kiosk_group_members" USING btree ("kiosk_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosk_groups_name_idx" ON "kiosk_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "kiosk_takeovers_live_idx" ON "kiosk_takeovers" USING btree ("starts_at") WHERE cleared_at is null;