-- The search indexes take new entries at once instead of through GIN's pending list, which
-- every search reads whole until it is merged (by autovacuum, or by a write that finds it
-- over gin_pending_list_limit): a few megabytes of it made a search read thousands of rows.
-- A write costs about the same either way. What is pending now is merged here, in place.
ALTER INDEX "users_search_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('users_search_idx'::regclass);--> statement-breakpoint
ALTER INDEX "envolvements_search_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('envolvements_search_idx'::regclass);
