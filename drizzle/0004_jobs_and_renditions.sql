CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"lease_token" uuid,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK (state in ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "media_renditions" (
	"media_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"duration_sec" double precision,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_renditions_media_id_kind_pk" PRIMARY KEY("media_id","kind"),
	CONSTRAINT "media_renditions_kind_check" CHECK (kind in ('video', 'poster', 'image')),
	CONSTRAINT "media_renditions_sha256_check" CHECK (sha256 ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "processing_status" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "processing_error" text;--> statement-breakpoint
ALTER TABLE "media_renditions" ADD CONSTRAINT "media_renditions_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("kind","run_at") WHERE state in ('pending', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_idx" ON "jobs" USING btree ("kind","dedupe_key") WHERE dedupe_key is not null and state in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE state in ('done', 'failed');--> statement-breakpoint
-- Emails still waiting in the outbox become mail jobs, keeping when they are due and the attempts made so far.
INSERT INTO "jobs" ("kind", "payload", "run_at", "attempts")
SELECT 'mail', jsonb_build_object('outboxId', "id"), "next_attempt_at", "attempts" FROM "outbox" WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_processing_status_check" CHECK (processing_status in ('processing', 'ready', 'failed'));