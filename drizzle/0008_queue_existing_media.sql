-- Media items recorded before processing was wired to every upload are queued once, like a new upload: one
-- media.process job each (its dedupe key is the item's id), run one at a time at the lowest priority after start-up.
INSERT INTO "jobs" ("kind", "payload", "dedupe_key")
SELECT 'media.process', jsonb_build_object('mediaId', "id"::text), "id"::text FROM "media" WHERE "processing_status" IS NULL;--> statement-breakpoint
UPDATE "media" SET "processing_status" = 'processing' WHERE "processing_status" IS NULL;
