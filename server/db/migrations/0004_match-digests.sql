CREATE TABLE "match_digests" (
	"user_id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
