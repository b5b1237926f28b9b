CREATE TABLE "credit_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"request_id" text,
	"unique_key" text NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_kind_check" CHECK ("credit_ledger"."kind" in ('grant', 'hold', 'consume', 'release', 'purchase', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "referee_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"work_email_verified" boolean DEFAULT false NOT NULL,
	"work_email_domain" text,
	"verified_at" timestamp with time zone,
	"assessment_score" real DEFAULT 50 NOT NULL,
	"designation" text,
	"location" text,
	"department" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" text NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"reason" text,
	"text" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" text NOT NULL,
	"referee_id" text NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answer" text,
	"reason" text,
	"text" text
);
--> statement-breakpoint
CREATE TABLE "referral_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"candidate_id" text NOT NULL,
	"company_id" text NOT NULL,
	"job_id" text,
	"job_url" text,
	"job_title" text,
	"job_key" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"offers_made" integer DEFAULT 0 NOT NULL,
	"current_referee_id" text,
	"deadline" timestamp with time zone,
	"match_score" jsonb,
	"rejection_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"reference" text,
	"proof_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_request_id_referral_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."referral_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referee_profiles" ADD CONSTRAINT "referee_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referee_profiles" ADD CONSTRAINT "referee_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_events" ADD CONSTRAINT "referral_events_request_id_referral_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."referral_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_offers" ADD CONSTRAINT "referral_offers_request_id_referral_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."referral_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_offers" ADD CONSTRAINT "referral_offers_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_current_referee_id_users_id_fk" FOREIGN KEY ("current_referee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_unique_key_idx" ON "credit_ledger" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "referee_profiles_company_idx" ON "referee_profiles" USING btree ("company_id","active");--> statement-breakpoint
CREATE INDEX "referral_events_request_idx" ON "referral_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_offers_once_idx" ON "referral_offers" USING btree ("request_id","referee_id");--> statement-breakpoint
CREATE INDEX "referral_offers_referee_idx" ON "referral_offers" USING btree ("referee_id","offered_at");--> statement-breakpoint
CREATE INDEX "referral_requests_candidate_idx" ON "referral_requests" USING btree ("candidate_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_requests_referee_idx" ON "referral_requests" USING btree ("current_referee_id","state");--> statement-breakpoint
CREATE INDEX "referral_requests_due_idx" ON "referral_requests" USING btree ("state","deadline");--> statement-breakpoint
CREATE INDEX "referral_requests_job_idx" ON "referral_requests" USING btree ("candidate_id","job_key");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_requests_open_job_idx" ON "referral_requests" USING btree ("candidate_id","job_key") WHERE state not in ('rejected', 'expired', 'cancelled');--> statement-breakpoint
-- The referral counter users had before the ledger becomes their opening balance, so the sum of
-- the ledger (the balance from now on) starts where users.referral_count stood.
INSERT INTO "credit_ledger" ("user_id", "kind", "amount", "unique_key", "note")
SELECT "id", 'grant', "referral_count", 'opening:' || "id", 'Opening balance'
FROM "users" WHERE "referral_count" > 0;
