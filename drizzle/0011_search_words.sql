-- Search by words (lib/envolvements/search-query.ts reads what is built here): accents go
-- with unaccent, typos are forgiven through the trigram index of the word list.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "envolvements_title_trgm_idx";--> statement-breakpoint
DROP INDEX "envolvements_description_trgm_idx";--> statement-breakpoint
DROP FUNCTION envolvement_search_matches(text, text, text[], integer);--> statement-breakpoint
DROP FUNCTION envolvement_search_newest(text, text[], timestamptz, uuid, integer);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "envolvements" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- Text as search compares it: accents and case removed, and a hyphen (or a dash) is a space,
-- so that "speed paint" finds "Speed-paint" and "Speed-paint" finds "speed painting".
CREATE FUNCTION search_normalize(t text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT lower(unaccent('unaccent'::regdictionary, regexp_replace(coalesce(t, ''), '[-‐‑‒–—]', ' ', 'g')))
$$;--> statement-breakpoint
-- A text's words twice: as English stems, so that plurals and singulars meet, and as
-- written, so that the word being typed matches as a prefix of the word it will become
-- ("paintin" is a prefix of "painting", not of its stem "paint"). English drops its stop
-- words; the words as written keep them.
CREATE FUNCTION search_document(t text) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('english'::regconfig, search_normalize(t)) || to_tsvector('simple'::regconfig, search_normalize(t))
$$;--> statement-breakpoint
-- A user's name as public pages show it: none when it holds an e-mail address (the rule of
-- lib/domain/public-name.ts), which no search may find a piece of.
CREATE FUNCTION search_public_name(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN name ~ '[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+' THEN '' ELSE name END
$$;--> statement-breakpoint
-- What an envolvement is found by, weighted for ranking: its title (A), its teaser and its
-- creator's name and handle (B), its categories (C), its description (D).
CREATE FUNCTION envolvement_search_vector(title text, teaser text, description text, categories text[], creator_id text)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(search_document(title), 'A')
    || setweight(search_document(concat_ws(' ', teaser, (
         SELECT concat_ws(' ', search_public_name(u.name), u.nickname) FROM users u WHERE u.id = creator_id
       ))), 'B')
    || setweight(search_document(array_to_string(categories, ' ')), 'C')
    || setweight(search_document(description), 'D')
$$;--> statement-breakpoint
UPDATE users SET search_vector = search_document(concat_ws(' ', search_public_name(name), nickname));--> statement-breakpoint
UPDATE envolvements SET search_vector = envolvement_search_vector(title, preview_text, description, categories, creator_id);--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM envolvements, unnest(tsvector_to_array(search_vector)) AS w WHERE char_length(w) >= 4;--> statement-breakpoint
-- The vector follows every edit of what it is made of. Whatever sets it (the trigger on
-- users below) only asks for it to be written afresh: it is always made here, from the row.
-- The word list gains the vector's new words.
CREATE FUNCTION envolvement_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.title IS NOT DISTINCT FROM OLD.title
     AND NEW.preview_text IS NOT DISTINCT FROM OLD.preview_text
     AND NEW.description IS NOT DISTINCT FROM OLD.description
     AND NEW.categories IS NOT DISTINCT FROM OLD.categories
     AND NEW.creator_id IS NOT DISTINCT FROM OLD.creator_id
     AND NEW.search_vector IS NOT DISTINCT FROM OLD.search_vector THEN
    RETURN NEW;
  END IF;
  NEW.search_vector := envolvement_search_vector(NEW.title, NEW.preview_text, NEW.description, NEW.categories, NEW.creator_id);
  -- In one order everywhere, so that two writers adding the same new words wait in turn
  -- instead of for each other.
  INSERT INTO search_words (word)
  SELECT w FROM unnest(tsvector_to_array(NEW.search_vector)) AS w WHERE char_length(w) >= 4 ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER envolvement_search_sync BEFORE INSERT OR UPDATE ON envolvements
  FOR EACH ROW EXECUTE FUNCTION envolvement_search_sync();--> statement-breakpoint
CREATE FUNCTION user_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.name IS NOT DISTINCT FROM OLD.name
     AND NEW.nickname IS NOT DISTINCT FROM OLD.nickname
     AND NEW.search_vector IS NOT DISTINCT FROM OLD.search_vector THEN
    RETURN NEW;
  END IF;
  NEW.search_vector := search_document(concat_ws(' ', search_public_name(NEW.name), NEW.nickname));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER user_search_sync BEFORE INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION user_search_sync();--> statement-breakpoint
-- A creator's new name or handle reaches the vectors of all their envolvements: emptying
-- one has envolvement_search_sync write it afresh.
CREATE FUNCTION user_envolvements_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE envolvements SET search_vector = ''::tsvector WHERE creator_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER user_envolvements_search_sync AFTER UPDATE OF name, nickname ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.nickname IS DISTINCT FROM NEW.nickname)
  EXECUTE FUNCTION user_envolvements_search_sync();--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_vector") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "envolvements_search_idx" ON "envolvements" USING gin ("search_vector") WHERE "envolvements"."archived_at" is null and "envolvements"."is_active";--> statement-breakpoint
-- The words of a search, in the order typed, each with its English stems. A word of
-- `typo_min_length` letters or more found nowhere (the last one: the start of no word) comes
-- with its nearest words by trigrams, `near_count` of them, among which the application keeps those
-- one typo away. Every read is an index lookup or an index-ordered walk of `near_count`
-- entries, whatever the size of the list.
CREATE FUNCTION search_query_words(q text, typo_min_length integer, near_count integer)
RETURNS TABLE (word text, last boolean, stems text[], near text[])
LANGUAGE sql STABLE
SET enable_seqscan = off
AS $$
  WITH typed AS (
    SELECT t.lexeme AS word, t.positions[array_length(t.positions, 1)] AS at
    FROM unnest(to_tsvector('simple'::regconfig, search_normalize(q))) AS t
  ), words AS (
    SELECT typed.word, typed.at, typed.at = max(typed.at) OVER () AS last FROM typed
  )
  SELECT w.word, w.last, tsvector_to_array(to_tsvector('english'::regconfig, w.word)),
    CASE WHEN char_length(w.word) < typo_min_length
           OR EXISTS (SELECT 1 FROM search_words s WHERE s.word = w.word)
           OR (w.last AND EXISTS (
             SELECT 1 FROM search_words s
             WHERE s.word LIKE replace(replace(replace(w.word, '\', '\\'), '%', '\%'), '_', '\_') || '%'
           ))
      THEN NULL
      ELSE ARRAY(SELECT s.word FROM search_words s ORDER BY s.word <-> w.word LIMIT near_count)
    END
  FROM words w
  ORDER BY w.at
$$;--> statement-breakpoint
-- Published envolvements matching a query, at most `cap` of them, unordered, each with its
-- tier: 3 when the title holds every word, 2 the title with the teaser and the creator,
-- 1 with the categories too, 0 only with the description. The GIN index is the only way
-- left to the planner: a word in every row costs a bitmap, never a walk of the table.
CREATE FUNCTION envolvement_word_matches(query tsquery, cats text[], cap integer)
RETURNS TABLE (id uuid, created_at timestamptz, score integer)
LANGUAGE sql STABLE
SET enable_seqscan = off
SET enable_indexscan = off
AS $$
  SELECT e.id, e.created_at,
    CASE
      WHEN ts_filter(e.search_vector, '{a}') @@ query THEN 3
      WHEN ts_filter(e.search_vector, '{a,b}') @@ query THEN 2
      WHEN ts_filter(e.search_vector, '{a,b,c}') @@ query THEN 1
      ELSE 0
    END
  FROM envolvements e
  WHERE e.archived_at IS NULL AND e.is_active
    AND e.search_vector @@ query
    AND (cats IS NULL OR e.categories && cats)
  LIMIT cap
$$;--> statement-breakpoint
-- The newest matches after a keyset position, walking the newest-first index: used when a
-- query matches so many rows that the next page lies a few rows down that index.
CREATE FUNCTION envolvement_word_newest(query tsquery, cats text[], after_at timestamptz, after_id uuid, take integer)
RETURNS TABLE (id uuid, created_at timestamptz)
LANGUAGE sql STABLE
SET enable_seqscan = off
SET enable_bitmapscan = off
AS $$
  SELECT e.id, e.created_at
  FROM envolvements e
  WHERE e.archived_at IS NULL AND e.is_active
    AND (e.created_at, e.id) < (after_at, after_id)
    AND e.search_vector @@ query
    AND (cats IS NULL OR e.categories && cats)
  ORDER BY e.created_at DESC, e.id DESC
  LIMIT take
$$;--> statement-breakpoint
-- Creators (live accounts with a published envolvement) whose name or handle holds every
-- word, by handle; among the first `cap` accounts the index finds, so that a short prefix
-- shared by thousands costs no more than that.
CREATE FUNCTION creator_word_matches(query tsquery, cap integer, take integer)
RETURNS TABLE (id text)
LANGUAGE sql STABLE
SET enable_seqscan = off
AS $$
  SELECT found.id FROM (
    SELECT u.id, u.nickname FROM users u
    WHERE u.deleted_at IS NULL AND u.search_vector @@ query
    LIMIT cap
  ) found
  WHERE EXISTS (
    SELECT 1 FROM envolvements e WHERE e.creator_id = found.id AND e.archived_at IS NULL AND e.is_active
  )
  ORDER BY lower(found.nickname), found.id
  LIMIT take
$$;
