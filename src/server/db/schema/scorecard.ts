import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RuleSet } from '../../../domain/scorecard/rules';
import type { ComponentScore } from '../../../domain/scorecard/score';
import { chapters } from './chapters';
import { users } from './users';

/**
 * A chapter's scoring rules, one row per version (docs/scorecard.md): a change adds a row, so the month a snapshot
 * was scored by stays readable. The chapter's rules are its highest version; without a row it scores by the
 * built-in default (version 0).
 */
export const scoreRuleSets = pgTable(
  'score_rule_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    rules: jsonb('rules').$type<RuleSet>().notNull(),
    reason: text('reason').notNull(),
    changedById: uuid('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('score_rule_sets_chapter_version_key').on(t.chapterId, t.version),
    check('score_rule_sets_version', sql`${t.version} >= 1`),
  ],
);

/**
 * One member's official score for one month (the last month of its window), as taken by the job clock: the
 * points and values of every component, so changing the rules later never changes it. One row per member and
 * month; taking a month again writes nothing.
 */
export const scoreSnapshots = pgTable(
  'score_snapshots',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The scored month's first day: the last month of the window. */
    month: date('month', { mode: 'string' }).notNull(),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    /** The version scored by; 0 is the built-in default. */
    ruleVersion: integer('rule_version').notNull(),
    total: integer('total').notNull(),
    colour: text('colour').notNull(),
    weeks: integer('weeks').notNull(),
    components: jsonb('components').$type<ComponentScore[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.month] }),
    // A chapter's month (its board, and whether the clock has taken it yet).
    index('score_snapshots_chapter_month_idx').on(t.chapterId, t.month),
    check('score_snapshots_colour', sql`${t.colour} in ('green', 'yellow', 'red', 'grey')`),
  ],
);
