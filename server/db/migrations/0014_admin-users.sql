ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_deactivated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_cognito_sub_idx" ON "users" USING btree ("cognito_sub");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_kind_check" CHECK ("credit_ledger"."kind" in ('grant', 'revoke', 'hold', 'consume', 'release', 'purchase', 'refund'));