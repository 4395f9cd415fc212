-- Media jobs queued before jobs had an owner and a weight: each takes its item's owner as its group, and a video's
-- job is heavy (docs/decisions/077-bounded-fair-media-work.md).
UPDATE "jobs" SET "group_key" = "media"."user_id", "heavy" = "media"."file_type" LIKE 'video/%'
FROM "media"
WHERE "jobs"."kind" = 'media.process'
  AND "jobs"."state" IN ('pending', 'running')
  AND "jobs"."dedupe_key" = "media"."id"::text;
