-- How many published envolvements (in any of `cats`) the planner expects a query to match,
-- from what ANALYZE keeps of the search vectors' most common words: a plan, not a read.
-- lib/envolvements/list.ts lists a search expected in thousands of rows newest first without
-- counting its matches: the index's bitmap of two words found in half of all rows cost more
-- than the rest of the page. Volatile only because EXPLAIN is a utility statement.
CREATE FUNCTION envolvement_word_estimate(query tsquery, cats text[])
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE format(
    'EXPLAIN (FORMAT JSON) SELECT 1 FROM envolvements e'
      ' WHERE e.archived_at IS NULL AND e.is_active AND e.search_vector @@ %L::tsquery%s',
    query::text,
    CASE WHEN cats IS NULL THEN '' ELSE format(' AND e.categories && %L::text[]', cats::text) END
  ) INTO plan;
  RETURN round((plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric)::integer;
END
$$;
