-- envolvement_word_matches as 0011 made it, but a query found in `cap` rows or more is not
-- ranked: the caller lists such a query newest first and never reads the tiers, and working
-- out three tiers for each of `cap` rows cost more than finding them. The count comes from a
-- window over the capped rows, read once.
CREATE OR REPLACE FUNCTION envolvement_word_matches(query tsquery, cats text[], cap integer)
RETURNS TABLE (id uuid, created_at timestamptz, score integer)
LANGUAGE sql STABLE
SET enable_seqscan = off
SET enable_indexscan = off
AS $$
  SELECT f.id, f.created_at,
    CASE
      WHEN f.found >= cap THEN 0
      WHEN ts_filter(f.search_vector, '{a}') @@ query THEN 3
      WHEN ts_filter(f.search_vector, '{a,b}') @@ query THEN 2
      WHEN ts_filter(f.search_vector, '{a,b,c}') @@ query THEN 1
      ELSE 0
    END
  FROM (
    SELECT m.*, count(*) OVER () AS found
    FROM (
      SELECT e.id, e.created_at, e.search_vector
      FROM envolvements e
      WHERE e.archived_at IS NULL AND e.is_active
        AND e.search_vector @@ query
        AND (cats IS NULL OR e.categories && cats)
      LIMIT cap
    ) m
  ) f
$$;
