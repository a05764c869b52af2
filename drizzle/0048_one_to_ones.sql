CREATE TABLE "one_to_one_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booked_by_id" uuid,
	"with_member_id" uuid,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"minutes" integer NOT NULL,
	"mode" text NOT NULL,
	"place" text,
	"time_zone" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"one_to_one_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_to_one_bookings_status" CHECK ("one_to_one_bookings"."status" in ('booked', 'cancelled', 'held', 'missed')),
	CONSTRAINT "one_to_one_bookings_mode" CHECK ("one_to_one_bookings"."mode" in ('in_person', 'online'))
);
--> statement-breakpoint
CREATE TABLE "one_to_one_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"one_to_one_id" uuid NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_to_one_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"one_to_one_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by_id" uuid,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answered_by_id" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_to_one_proposals_kind" CHECK ("one_to_one_proposals"."kind" in ('change', 'removal')),
	CONSTRAINT "one_to_one_proposals_status" CHECK ("one_to_one_proposals"."status" in ('pending', 'accepted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "one_to_ones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_a_id" uuid,
	"member_b_id" uuid,
	"logged_by_id" uuid,
	"met_on" date NOT NULL,
	"mode" text NOT NULL,
	"place" text,
	"minutes" integer NOT NULL,
	"learned" text,
	"next_step" text,
	"status" text DEFAULT 'held' NOT NULL,
	"disputed_at" timestamp with time zone,
	"dispute_note" text,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_to_ones_pair_order" CHECK ("one_to_ones"."member_a_id" < "one_to_ones"."member_b_id"),
	CONSTRAINT "one_to_ones_mode" CHECK ("one_to_ones"."mode" in ('in_person', 'online')),
	CONSTRAINT "one_to_ones_status" CHECK ("one_to_ones"."status" in ('held', 'disputed')),
	CONSTRAINT "one_to_ones_minutes" CHECK ("one_to_ones"."minutes" between 5 and 480)
);
--> statement-breakpoint
ALTER TABLE "one_to_one_bookings" ADD CONSTRAINT "one_to_one_bookings_booked_by_id_users_id_fk" FOREIGN KEY ("booked_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_to_one_bookings" ADD CONSTRAINT "one_to_one_bookings_with_member_id_users_id_fk" FOREIGN KEY ("with_member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_to_one_events" ADD CONSTRAINT "one_to_one_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_to_one_proposals" ADD CONSTRAINT "one_to_one_proposals_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_to_one_proposals" ADD CONSTRAINT "one_to_one_proposals_answered_by_id_users_id_fk" FOREIGN KEY ("answered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_to_ones" ADD CONSTRAINT "one_to_ones_member_a_id_users_id_fk" FOREIGN KEY ("member_a_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_to_ones" ADD CONSTRAINT "one_to_ones_member_b_id_users_id_fk" FOREIGN KEY ("member_b_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_to_ones" ADD CONSTRAINT "one_to_ones_logged_by_id_users_id_fk" FOREIGN KEY ("logged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_to_one_bookings_booked_by_idx" ON "one_to_one_bookings" USING btree ("booked_by_id","date");--> statement-breakpoint
CREATE INDEX "one_to_one_bookings_with_member_idx" ON "one_to_one_bookings" USING btree ("with_member_id","date");--> statement-breakpoint
CREATE INDEX "one_to_one_events_one_to_one_idx" ON "one_to_one_events" USING btree ("one_to_one_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "one_to_one_proposals_one_pending_idx" ON "one_to_one_proposals" USING btree ("one_to_one_id") WHERE "one_to_one_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "one_to_one_proposals_one_to_one_idx" ON "one_to_one_proposals" USING btree ("one_to_one_id");--> statement-breakpoint
CREATE UNIQUE INDEX "one_to_ones_pair_date_key" ON "one_to_ones" USING btree ("member_a_id","member_b_id","met_on");--> statement-breakpoint
CREATE INDEX "one_to_ones_member_b_idx" ON "one_to_ones" USING btree ("member_b_id","met_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "one_to_ones_member_a_idx" ON "one_to_ones" USING btree ("member_a_id","met_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);