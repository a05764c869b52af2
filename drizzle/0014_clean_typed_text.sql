-- Issue 34: text written before the one text rule is held to it, so no page shows a stored control or
-- direction override. One-line fields lose controls (line breaks and tabs become a space), names also
-- have their inner whitespace collapsed, paragraphs keep line breaks and tabs. Rows already clean are
-- not touched. Industries whose names now read the same ("Race  Industry", "race industry") are one:
-- the oldest stays, the others go (members hold the name as text, compared case-insensitively).
-- Idempotent: running it again changes nothing.
UPDATE "users" SET
  "first_name" = btrim(regexp_replace(btrim(regexp_replace(regexp_replace("first_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g')),
  "last_name" = btrim(regexp_replace(btrim(regexp_replace(regexp_replace("last_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g')),
  "business_name" = btrim(regexp_replace(btrim(regexp_replace(regexp_replace("business_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g')),
  "position" = btrim(regexp_replace(regexp_replace("position", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')),
  "industry" = btrim(regexp_replace(btrim(regexp_replace(regexp_replace("industry", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g')),
  "personal_phone" = btrim(regexp_replace(regexp_replace("personal_phone", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')),
  "business_phone" = btrim(regexp_replace(regexp_replace("business_phone", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')),
  "personal_bio" = regexp_replace("personal_bio", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g'),
  "description" = regexp_replace("description", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g'),
  "referral_source" = regexp_replace("referral_source", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g'),
  "motivation" = regexp_replace("motivation", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
WHERE "first_name" IS DISTINCT FROM btrim(regexp_replace(btrim(regexp_replace(regexp_replace("first_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g'))
  OR "last_name" IS DISTINCT FROM btrim(regexp_replace(btrim(regexp_replace(regexp_replace("last_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g'))
  OR "business_name" IS DISTINCT FROM btrim(regexp_replace(btrim(regexp_replace(regexp_replace("business_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g'))
  OR "position" IS DISTINCT FROM btrim(regexp_replace(regexp_replace("position", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g'))
  OR "industry" IS DISTINCT FROM btrim(regexp_replace(btrim(regexp_replace(regexp_replace("industry", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g'))
  OR "personal_phone" IS DISTINCT FROM btrim(regexp_replace(regexp_replace("personal_phone", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g'))
  OR "business_phone" IS DISTINCT FROM btrim(regexp_replace(regexp_replace("business_phone", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g'))
  OR "personal_bio" IS DISTINCT FROM regexp_replace("personal_bio", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
  OR "description" IS DISTINCT FROM regexp_replace("description", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
  OR "referral_source" IS DISTINCT FROM regexp_replace("referral_source", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
  OR "motivation" IS DISTINCT FROM regexp_replace("motivation", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g');
--> statement-breakpoint
UPDATE "applications" SET
  "first_name" = btrim(regexp_replace(btrim(regexp_replace(regexp_replace("first_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g')),
  "last_name" = btrim(regexp_replace(btrim(regexp_replace(regexp_replace("last_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g')),
  "company_name" = btrim(regexp_replace(btrim(regexp_replace(regexp_replace("company_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g')),
  "position" = btrim(regexp_replace(regexp_replace("position", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')),
  "industry" = btrim(regexp_replace(btrim(regexp_replace(regexp_replace("industry", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g')),
  "phone" = btrim(regexp_replace(regexp_replace("phone", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')),
  "business_description" = regexp_replace("business_description", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g'),
  "motivation" = regexp_replace("motivation", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g'),
  "referral_source" = regexp_replace("referral_source", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
WHERE "first_name" IS DISTINCT FROM btrim(regexp_replace(btrim(regexp_replace(regexp_replace("first_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g'))
  OR "last_name" IS DISTINCT FROM btrim(regexp_replace(btrim(regexp_replace(regexp_replace("last_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g'))
  OR "company_name" IS DISTINCT FROM btrim(regexp_replace(btrim(regexp_replace(regexp_replace("company_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g'))
  OR "position" IS DISTINCT FROM btrim(regexp_replace(regexp_replace("position", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g'))
  OR "industry" IS DISTINCT FROM btrim(regexp_replace(btrim(regexp_replace(regexp_replace("industry", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g'))
  OR "phone" IS DISTINCT FROM btrim(regexp_replace(regexp_replace("phone", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g'))
  OR "business_description" IS DISTINCT FROM regexp_replace("business_description", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
  OR "motivation" IS DISTINCT FROM regexp_replace("motivation", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
  OR "referral_source" IS DISTINCT FROM regexp_replace("referral_source", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g');
--> statement-breakpoint
UPDATE "referrals" SET
  "customer_name" = btrim(regexp_replace(btrim(regexp_replace(regexp_replace("customer_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g')),
  "notes" = regexp_replace("notes", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
WHERE "customer_name" IS DISTINCT FROM btrim(regexp_replace(btrim(regexp_replace(regexp_replace("customer_name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g'))
  OR "notes" IS DISTINCT FROM regexp_replace("notes", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g');
--> statement-breakpoint
UPDATE "attendance_records" SET
  "notes" = regexp_replace("notes", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
WHERE "notes" IS DISTINCT FROM regexp_replace("notes", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g');
--> statement-breakpoint
UPDATE "application_review_notes" SET
  "note" = regexp_replace("note", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
WHERE "note" IS DISTINCT FROM regexp_replace("note", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g');
--> statement-breakpoint
DELETE FROM "industries" i
USING "industries" keeper
WHERE lower(btrim(regexp_replace(btrim(regexp_replace(regexp_replace(i.name, E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g'))) = lower(btrim(regexp_replace(btrim(regexp_replace(regexp_replace(keeper.name, E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g')))
  AND (keeper.created_at, keeper.id) < (i.created_at, i.id);
--> statement-breakpoint
UPDATE "industries" SET
  "name" = btrim(regexp_replace(btrim(regexp_replace(regexp_replace("name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g')),
  "description" = regexp_replace("description", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')
WHERE "name" IS DISTINCT FROM btrim(regexp_replace(btrim(regexp_replace(regexp_replace("name", E'[\\t\\n\\r]+', ' ', 'g'), '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g')), '\s+', ' ', 'g'))
  OR "description" IS DISTINCT FROM regexp_replace("description", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]', '', 'g');
