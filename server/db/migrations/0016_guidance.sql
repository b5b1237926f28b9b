CREATE TABLE "guidance_booking_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guidance_booking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" text NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guidance_bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"referee_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"fee" integer NOT NULL,
	"amount" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"held_until" timestamp with time zone,
	"due_at" timestamp with time zone,
	"meeting_url" text,
	"note" text,
	"paid_at" timestamp with time zone,
	"paid_with" text,
	"order_id" text,
	"cancelled_by" text,
	"cancel_reason" text,
	"refunded" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"delivery_note" text,
	"file_key" text,
	"file_name" text,
	"rating" integer,
	"review" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guidance_bookings_state_check" CHECK ("guidance_bookings"."state" in ('requested', 'paid', 'confirmed', 'delivered', 'reviewed', 'cancelled', 'no_show', 'expired')),
	CONSTRAINT "guidance_bookings_rating_check" CHECK ("guidance_bookings"."rating" is null or "guidance_bookings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "guidance_services" (
	"id" text PRIMARY KEY NOT NULL,
	"referee_id" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"fee" integer NOT NULL,
	"duration_minutes" integer,
	"delivery_days" integer,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guidance_services_kind_check" CHECK ("guidance_services"."kind" in ('resume-writing', 'career-guidance', 'interview-handholding', 'mock-interview')),
	CONSTRAINT "guidance_services_fee_check" CHECK ("guidance_services"."fee" between 99 and 20000)
);
--> statement-breakpoint
CREATE TABLE "guidance_settings" (
	"referee_id" text PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paused_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guidance_wallet" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guidance_wallet_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"booking_id" text,
	"unique_key" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guidance_wallet_kind_check" CHECK ("guidance_wallet"."kind" in ('refund', 'payment'))
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "purpose" text DEFAULT 'credits' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "booking_id" text;--> statement-breakpoint
ALTER TABLE "guidance_booking_events" ADD CONSTRAINT "guidance_booking_events_booking_id_guidance_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."guidance_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidance_bookings" ADD CONSTRAINT "guidance_bookings_service_id_guidance_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."guidance_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidance_bookings" ADD CONSTRAINT "guidance_bookings_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidance_bookings" ADD CONSTRAINT "guidance_bookings_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidance_bookings" ADD CONSTRAINT "guidance_bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidance_services" ADD CONSTRAINT "guidance_services_referee_id_referee_profiles_user_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."referee_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidance_settings" ADD CONSTRAINT "guidance_settings_referee_id_referee_profiles_user_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."referee_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidance_wallet" ADD CONSTRAINT "guidance_wallet_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guidance_wallet" ADD CONSTRAINT "guidance_wallet_booking_id_guidance_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."guidance_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guidance_booking_events_booking_idx" ON "guidance_booking_events" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "guidance_booking_events_actor_idx" ON "guidance_booking_events" USING btree ("actor_id","action","at");--> statement-breakpoint
CREATE UNIQUE INDEX "guidance_bookings_slot_idx" ON "guidance_bookings" USING btree ("referee_id","starts_at") WHERE "guidance_bookings"."state" in ('requested', 'paid', 'confirmed') and "guidance_bookings"."starts_at" is not null;--> statement-breakpoint
CREATE INDEX "guidance_bookings_candidate_idx" ON "guidance_bookings" USING btree ("candidate_id","created_at");--> statement-breakpoint
CREATE INDEX "guidance_bookings_referee_idx" ON "guidance_bookings" USING btree ("referee_id","starts_at");--> statement-breakpoint
CREATE INDEX "guidance_bookings_held_idx" ON "guidance_bookings" USING btree ("state","held_until");--> statement-breakpoint
CREATE UNIQUE INDEX "guidance_services_referee_kind_idx" ON "guidance_services" USING btree ("referee_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "guidance_wallet_unique_key_idx" ON "guidance_wallet" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "guidance_wallet_user_idx" ON "guidance_wallet" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_booking_id_guidance_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."guidance_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_orders_booking_idx" ON "payment_orders" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_purpose_check" CHECK ("payment_orders"."purpose" in ('credits', 'booking'));