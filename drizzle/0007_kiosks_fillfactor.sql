-- Heartbeats rewrite every paired kiosk's row once a minute. With room left on each page, PostgreSQL updates the
-- row in place (a heap-only tuple: last_seen_at and last_heartbeat are in no index) and prunes the old versions as
-- it reads the page, so the table stays small without VACUUM, which PGlite never runs on its own
-- (docs/performance.md, "Kiosks").
ALTER TABLE "kiosks" SET (fillfactor = 50);
