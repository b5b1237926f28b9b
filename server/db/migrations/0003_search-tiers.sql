CREATE INDEX "jobs_title_search_idx" ON "jobs" USING gin (to_tsvector('simple', "job_title"));--> statement-breakpoint
CREATE INDEX "jobs_search_head_idx" ON "jobs" USING gin ("search_head");--> statement-breakpoint
-- Statistics for the planner on an existing database (PGlite has no autovacuum).
ANALYZE "jobs";
