CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"logo_url" text,
	"linkedin" text,
	"career_url" text,
	"industry" text NOT NULL,
	"team_size" text,
	"is_verified" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporate_users" (
	"id" text PRIMARY KEY NOT NULL,
	"cognito_user_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"corporate_user_type" text NOT NULL,
	"company_id" text,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_job_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"user_email" text NOT NULL,
	"job_portal" text NOT NULL,
	"job_url" text NOT NULL,
	"matching_score" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"principal" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"user_email" text NOT NULL,
	"company_name" text NOT NULL,
	"job_portal" text NOT NULL,
	"job_url" text,
	"matching_score" real,
	"refer_and_earn_id" text,
	"status" text DEFAULT 'APPLIED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_matches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"job_id" text NOT NULL,
	"jd_match_error_code" text,
	"jd_match_error_desc" text,
	"matching_score" real,
	"score_details" jsonb,
	"is_triggered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"job_title" text NOT NULL,
	"department" text NOT NULL,
	"core_skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"soft_skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"technical_skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"company_id" text,
	"company_name" text NOT NULL,
	"city" text NOT NULL,
	"full_location" text[] DEFAULT '{}'::text[] NOT NULL,
	"salary_min" real,
	"salary_max" real,
	"display_salary_range" boolean DEFAULT true NOT NULL,
	"experience_min" real,
	"experience_max" real,
	"type_of_employment" text NOT NULL,
	"work_mode" text NOT NULL,
	"team_size" text,
	"industry" text,
	"status" text DEFAULT 'PUBLISHED' NOT NULL,
	"job_description" text DEFAULT '' NOT NULL,
	"bad_job" boolean DEFAULT false NOT NULL,
	"job_url" text,
	"is_external" boolean DEFAULT false NOT NULL,
	"external_job_id" text,
	"company_logo_url" text,
	"job_posted_date" timestamp with time zone,
	"posted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(job_title, '')), 'A') || setweight(to_tsvector('simple', rh_join_text(core_skills) || ' ' || rh_join_text(technical_skills) || ' ' || coalesce(company_name, '')), 'B') || setweight(to_tsvector('english', coalesce(job_description, '')), 'D')) STORED,
	"search_head" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(job_title, '')), 'A') || setweight(to_tsvector('simple', rh_join_text(core_skills) || ' ' || rh_join_text(technical_skills) || ' ' || coalesce(company_name, '')), 'B')) STORED
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" text PRIMARY KEY NOT NULL,
	"object_key" text NOT NULL,
	"owner_id" text NOT NULL,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"cognito_sub" text,
	"user_type" text[] DEFAULT '{}'::text[] NOT NULL,
	"designation" text,
	"core_skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"soft_skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"technical_skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"yoe" real,
	"ctc" real,
	"ectc" real,
	"notice_period" integer,
	"location" text,
	"about" text,
	"last_accessed_dash" text,
	"referral_count" integer DEFAULT 0 NOT NULL,
	"cv_duplicacy_access" boolean DEFAULT false NOT NULL,
	"cv_file_name" text,
	"cv_object_key" text,
	"is_cv_extracted" boolean DEFAULT false NOT NULL,
	"cv_parse_error" text,
	"cv_updated_at" timestamp with time zone,
	"profile_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "corporate_users" ADD CONSTRAINT "corporate_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_job_applications" ADD CONSTRAINT "external_job_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_matches" ADD CONSTRAINT "job_matches_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "companies_industry_idx" ON "companies" USING btree ("industry","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_users_cognito_idx" ON "corporate_users" USING btree ("cognito_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_users_email_idx" ON "corporate_users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "external_job_applications_once_idx" ON "external_job_applications" USING btree ("job_id",lower("user_email"));--> statement-breakpoint
CREATE INDEX "external_job_applications_user_idx" ON "external_job_applications" USING btree (lower("user_email"),"created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_pk" ON "idempotency_keys" USING btree ("principal","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_once_idx" ON "job_applications" USING btree ("job_id",lower("user_email"));--> statement-breakpoint
CREATE INDEX "job_applications_user_idx" ON "job_applications" USING btree (lower("user_email"),"created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_matches_user_job_idx" ON "job_matches" USING btree ("user_id","job_id");--> statement-breakpoint
CREATE INDEX "jobs_listing_idx" ON "jobs" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_city_idx" ON "jobs" USING btree ("status","city","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_company_idx" ON "jobs" USING btree ("company_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search");--> statement-breakpoint
CREATE INDEX "jobs_core_skills_idx" ON "jobs" USING gin ("core_skills");--> statement-breakpoint
CREATE INDEX "jobs_technical_skills_idx" ON "jobs" USING gin ("technical_skills");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_external_id_idx" ON "jobs" USING btree ("external_job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_files_object_idx" ON "uploaded_files" USING btree ("object_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree (lower("email"));