CREATE TABLE "assessments" (
	"id" text PRIMARY KEY NOT NULL,
	"subject_id" text NOT NULL,
	"evaluator_id" text NOT NULL,
	"skills_verified" text[] DEFAULT '{}'::text[] NOT NULL,
	"communication" integer NOT NULL,
	"experience_fit" integer NOT NULL,
	"overall" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessments_communication_check" CHECK ("assessments"."communication" between 1 and 5),
	CONSTRAINT "assessments_experience_fit_check" CHECK ("assessments"."experience_fit" between 1 and 5),
	CONSTRAINT "assessments_overall_check" CHECK ("assessments"."overall" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessments_subject_idx" ON "assessments" USING btree ("subject_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);