CREATE TABLE "user_totals" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"user_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_totals_one_row" CHECK ("user_totals"."id" = 1)
);
--> statement-breakpoint
-- Each statement's inserted or deleted accounts added to the one row (an upsert, so the first account
-- creates it).
CREATE FUNCTION "count_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_totals" ("id", "user_count") SELECT 1, count(*) FROM "new_rows"
    ON CONFLICT ("id") DO UPDATE SET "user_count" = "user_totals"."user_count" + excluded."user_count";
  ELSE
    INSERT INTO "user_totals" ("id", "user_count") SELECT 1, -count(*) FROM "old_rows"
    ON CONFLICT ("id") DO UPDATE SET "user_count" = "user_totals"."user_count" + excluded."user_count";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_users"();--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_users"();--> statement-breakpoint
INSERT INTO "user_totals" ("id", "user_count") SELECT 1, count(*) FROM "users";
