CREATE TABLE "ad_daily_results" (
	"ad_id" uuid NOT NULL,
	"day" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"completed_plays" integer DEFAULT 0 NOT NULL,
	"screen_ms" bigint DEFAULT 0 NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_daily_results_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "kiosk_daily_results" (
	"kiosk_id" uuid NOT NULL,
	"day" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"ad_plays" integer DEFAULT 0 NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kiosk_daily_results_kiosk_id_day_pk" PRIMARY KEY("kiosk_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_deliveries" (
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"period" date NOT NULL,
	"outbox_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_deliveries_kind_user_id_period_pk" PRIMARY KEY("kind","user_id","period"),
	CONSTRAINT "report_deliveries_kind_check" CHECK (kind in ('owner_weekly', 'admin_weekly'))
);
--> statement-breakpoint
CREATE TABLE "report_opt_outs" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "report_opt_outs_kind_check" CHECK (kind in ('owner_weekly', 'admin_weekly'))
);
--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_opt_outs" ADD CONSTRAINT "report_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_daily_results_day_idx" ON "ad_daily_results" USING btree ("day");--> statement-breakpoint
CREATE INDEX "kiosk_daily_results_day_idx" ON "kiosk_daily_results" USING btree ("day");