ALTER TABLE "referral_requests" ADD COLUMN "proof_file_key" text;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "proof_file_name" text;