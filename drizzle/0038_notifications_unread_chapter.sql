-- Counts under the row-level policies stay inside their index (docs/decisions/0039): the policy reads each row's
-- chapter_id, so an index without it sends every counted row to the table. Drizzle's index builder has no
-- INCLUDE, so the schema files name these indexes and this migration gives them their extra columns.

-- The bell's unread count: a member's unread notices.
DROP INDEX IF EXISTS "notifications_user_unread_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") INCLUDE ("chapter_id") WHERE "read_at" is null;--> statement-breakpoint

-- The attendance statistics' rolling window: each member's counted absences, lates and substitutes, by status.
DROP INDEX IF EXISTS "attendance_window_member_date_idx";--> statement-breakpoint
CREATE INDEX "attendance_window_member_date_idx" ON "attendance_records" USING btree ("member_id","meeting_date") INCLUDE ("status","chapter_id") WHERE "status" not in ('present', 'excused') and "counted";
