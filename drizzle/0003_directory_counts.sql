-- Running totals behind the directory's "Showing N" line (docs/performance.md, "Directory"). Statement triggers
-- keep business_counts_by_industry and business_counts_by_zip in step with businesses inside the writer's own
-- transaction, so every reader sees exact counts. One upsert per touched group per statement (not per row) keeps
-- bulk loads fast; groups are written in key order so concurrent writers take their row locks in the same order.
-- Groups that fall to zero are kept: they add nothing to a sum and spare writers an insert/delete race.
CREATE FUNCTION business_counts_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d_industry text[];
  d_zip_code text[];
  d_delta integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM business_counts_by_industry;
    DELETE FROM business_counts_by_zip;
    RETURN NULL;
  END IF;
  -- Transition tables exist only for the events that have them, so each branch names its own.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(industry), array_agg(zip_code), array_agg(delta) INTO d_industry, d_zip_code, d_delta
      FROM (SELECT industry, zip_code, count(*)::integer AS delta FROM new_rows GROUP BY 1, 2) changes;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(industry), array_agg(zip_code), array_agg(delta) INTO d_industry, d_zip_code, d_delta
      FROM (SELECT industry, zip_code, -count(*)::integer AS delta FROM old_rows GROUP BY 1, 2) changes;
  ELSE
    SELECT array_agg(industry), array_agg(zip_code), array_agg(delta) INTO d_industry, d_zip_code, d_delta
      FROM (
        SELECT industry, zip_code, sum(delta)::integer AS delta
        FROM (
          SELECT industry, zip_code, 1 AS delta FROM new_rows
          UNION ALL
          SELECT industry, zip_code, -1 FROM old_rows
        ) moves
        GROUP BY 1, 2
        HAVING sum(delta) <> 0
      ) changes;
  END IF;
  IF d_delta IS NULL THEN
    RETURN NULL; -- an update that moved no business to another industry or zip code
  END IF;
  INSERT INTO business_counts_by_zip AS c (industry, zip_code, businesses)
    SELECT industry, zip_code, delta FROM unnest(d_industry, d_zip_code, d_delta) AS d(industry, zip_code, delta)
    ORDER BY 1, 2
    ON CONFLICT (industry, zip_code) DO UPDATE SET businesses = c.businesses + excluded.businesses;
  INSERT INTO business_counts_by_industry AS c (industry, businesses)
    SELECT industry, sum(delta)::integer FROM unnest(d_industry, d_delta) AS d(industry, delta)
    GROUP BY 1 HAVING sum(delta) <> 0
    ORDER BY 1
    ON CONFLICT (industry) DO UPDATE SET businesses = c.businesses + excluded.businesses;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_counts_insert AFTER INSERT ON businesses
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION business_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER businesses_counts_update AFTER UPDATE ON businesses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION business_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER businesses_counts_delete AFTER DELETE ON businesses
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION business_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER businesses_counts_truncate AFTER TRUNCATE ON businesses
  FOR EACH STATEMENT EXECUTE FUNCTION business_counts_on_change();
--> statement-breakpoint
INSERT INTO business_counts_by_industry (industry, businesses)
  SELECT industry, count(*) FROM businesses GROUP BY industry;
--> statement-breakpoint
INSERT INTO business_counts_by_zip (industry, zip_code, businesses)
  SELECT industry, zip_code, count(*) FROM businesses GROUP BY industry, zip_code;
