ALTER TABLE "companies" ADD COLUMN "email_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "referee_profiles" ADD COLUMN "pending_company_id" text;--> statement-breakpoint
ALTER TABLE "referee_profiles" ADD COLUMN "pending_email_hash" text;--> statement-breakpoint
ALTER TABLE "referee_profiles" ADD COLUMN "pending_domain" text;--> statement-breakpoint
ALTER TABLE "referee_profiles" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "referee_profiles" ADD COLUMN "code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referee_profiles" ADD COLUMN "code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referee_profiles" ADD COLUMN "code_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referee_profiles" ADD CONSTRAINT "referee_profiles_pending_company_id_companies_id_fk" FOREIGN KEY ("pending_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;