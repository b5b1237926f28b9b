CREATE TABLE "push_deliveries" (
	"job_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_job_id_subscription_id_pk" PRIMARY KEY("job_id","subscription_id")
);
--> statement-breakpoint
CREATE INDEX "push_deliveries_delivered_at_idx" ON "push_deliveries" USING btree ("delivered_at");