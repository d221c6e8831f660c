CREATE TABLE "envolvement_categories" (
	"envolvement_id" uuid NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"listed" boolean NOT NULL,
	CONSTRAINT "envolvement_categories_envolvement_id_category_pk" PRIMARY KEY("envolvement_id","category")
);
--> statement-breakpoint
DROP INDEX "envolvements_creator_idx";--> statement-breakpoint
DROP INDEX "envolvements_created_idx";--> statement-breakpoint
DROP INDEX "purchases_user_idx";--> statement-breakpoint
ALTER TABLE "envolvement_categories" ADD CONSTRAINT "envolvement_categories_envolvement_id_envolvements_id_fk" FOREIGN KEY ("envolvement_id") REFERENCES "public"."envolvements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "envolvement_categories_newest_idx" ON "envolvement_categories" USING btree ("category","created_at","envolvement_id") WHERE "envolvement_categories"."listed";--> statement-breakpoint
CREATE INDEX "envolvements_creator_newest_idx" ON "envolvements" USING btree ("creator_id","created_at","id");--> statement-breakpoint
CREATE INDEX "envolvements_listed_newest_idx" ON "envolvements" USING btree ("created_at","id") WHERE "envolvements"."archived_at" is null and "envolvements"."is_active";--> statement-breakpoint
CREATE INDEX "purchases_user_newest_idx" ON "purchases" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- envolvement_categories follows every envolvement: one row per category, listed while the
-- envolvement is published and not removed.
CREATE FUNCTION envolvement_categories_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.categories IS NOT DISTINCT FROM OLD.categories
     AND NEW.created_at IS NOT DISTINCT FROM OLD.created_at
     AND NEW.is_active IS NOT DISTINCT FROM OLD.is_active
     AND NEW.archived_at IS NOT DISTINCT FROM OLD.archived_at THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM envolvement_categories WHERE envolvement_id = NEW.id;
  END IF;
  INSERT INTO envolvement_categories (envolvement_id, category, created_at, listed)
  SELECT NEW.id, c, NEW.created_at, NEW.is_active AND NEW.archived_at IS NULL
  FROM unnest(NEW.categories) AS c
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER envolvement_categories_sync AFTER INSERT OR UPDATE ON envolvements
  FOR EACH ROW EXECUTE FUNCTION envolvement_categories_sync();--> statement-breakpoint
INSERT INTO envolvement_categories (envolvement_id, category, created_at, listed)
SELECT e.id, c, e.created_at, e.is_active AND e.archived_at IS NULL
FROM envolvements e, unnest(e.categories) AS c
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Search reads the trigram indexes only: published envolvements whose lower-cased title or
-- description matches a LIKE pattern, at most `cap` of them, unordered. Bitmap scans are the
-- only way left to the planner, so a word in every row costs a bitmap, never a walk of the table.
CREATE FUNCTION envolvement_search_matches(pattern text, word text, cats text[], cap integer)
RETURNS TABLE (id uuid, created_at timestamptz, score real)
LANGUAGE sql STABLE
SET enable_seqscan = off
SET enable_indexscan = off
AS $$
  SELECT e.id, e.created_at, word_similarity(word, lower(e.title))
  FROM envolvements e
  WHERE e.archived_at IS NULL AND e.is_active
    AND (lower(e.title) LIKE pattern OR lower(e.description) LIKE pattern)
    AND (cats IS NULL OR e.categories && cats)
  LIMIT cap
$$;--> statement-breakpoint
-- The newest matches after a keyset position, walking the newest-first index: used when a
-- word matches so many rows that the next page lies a few rows down that index.
CREATE FUNCTION envolvement_search_newest(pattern text, cats text[], after_at timestamptz, after_id uuid, take integer)
RETURNS TABLE (id uuid, created_at timestamptz)
LANGUAGE sql STABLE
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
  SELECT e.id, e.created_at
  FROM envolvements e
  WHERE e.archived_at IS NULL AND e.is_active
    AND (e.created_at, e.id) < (after_at, after_id)
    AND (lower(e.title) LIKE pattern OR lower(e.description) LIKE pattern)
    AND (cats IS NULL OR e.categories && cats)
  ORDER BY e.created_at DESC, e.id DESC
  LIMIT take
$$;
