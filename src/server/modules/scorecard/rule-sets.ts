import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { PRESETS } from '../../../domain/scorecard/presets';
import {
  type ChapterRules,
  DEFAULT_PRESET,
  type RuleChangeInput,
  type RuleSet,
  ruleChangeSchema,
  ruleSetSchema,
} from '../../../domain/scorecard/rules';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import { actingChapterId } from '../../db/chapter-settings';
import type { Database, Transaction } from '../../db/client';
import { userFullName } from '../../db/name-sql';
import { chapters, scoreRuleSets, users } from '../../db/schema';
import { recordAudit } from '../audit/record-audit';

export interface RulesInForce {
  version: number;
  rules: RuleSet;
}

/** The built-in rules a chapter scores by before it has its own. */
export const DEFAULT_RULES: RulesInForce = { version: 0, rules: PRESETS[DEFAULT_PRESET].rules };

/**
 * Each chapter's rules in force: its highest version, or the one that was highest at `before` (the end of a
 * scored month), else the default. One query for any number of chapters.
 */
export async function rulesInForce(
  db: Database | Transaction,
  chapterIds: readonly string[],
  before?: Date,
): Promise<Map<string, RulesInForce>> {
  if (chapterIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([scoreRuleSets.chapterId], {
      chapterId: scoreRuleSets.chapterId,
      version: scoreRuleSets.version,
      rules: scoreRuleSets.rules,
    })
    .from(scoreRuleSets)
    .where(
      and(
        inArray(scoreRuleSets.chapterId, [...chapterIds]),
        before ? lt(scoreRuleSets.createdAt, before) : undefined,
      ),
    )
    .orderBy(scoreRuleSets.chapterId, desc(scoreRuleSets.version));
  const found = new Map(
    rows.map((r) => [r.chapterId, { version: r.version, rules: ruleSetSchema.parse(r.rules) }]),
  );
  return new Map(chapterIds.map((id) => [id, found.get(id) ?? DEFAULT_RULES]));
}

/** GET /api/scorecard/rules: the rules the actor's chapter scores by, with who set them and why. */
export async function readChapterRules(db: Database, actor: Actor): Promise<ChapterRules> {
  const chapterId = await actingChapterId(db, actor);
  const [row] = await db
    .select({
      version: scoreRuleSets.version,
      rules: scoreRuleSets.rules,
      reason: scoreRuleSets.reason,
      changedAt: sql<string>`to_char(${scoreRuleSets.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      changedBy: userFullName,
    })
    .from(scoreRuleSets)
    .leftJoin(users, eq(users.id, scoreRuleSets.changedById))
    .where(eq(scoreRuleSets.chapterId, chapterId))
    .orderBy(desc(scoreRuleSets.version))
    .limit(1);
  if (!row) {
    return { ...DEFAULT_RULES, preset: DEFAULT_PRESET, changedAt: null, changedBy: null, reason: null };
  }
  return { ...row, rules: ruleSetSchema.parse(row.rules), preset: null };
}

/**
 * PUT /api/scorecard/rules (administrators): the actor's chapter scores by new rules from now on. Each change is a
 * new version under a lock on the chapter's row, so two administrators saving at once make two versions, never one number
 * twice; it is audited with its reason. Months already snapshotted keep the version they were scored by.
 */
export async function changeChapterRules(
  db: Database,
  actor: Actor,
  input: RuleChangeInput,
): Promise<ChapterRules> {
  const { rules, reason } = ruleChangeSchema.parse(input);
  return db.transaction(async (tx) => {
    const by = await confirmActorRole(tx, actor, 'NETWORK_ADMIN');
    const chapterId = await actingChapterId(tx, by);
    // The chapter's row, locked: two saves at once number their versions one after the other.
    const [chapter] = await tx
      .select({ name: chapters.name })
      .from(chapters)
      .where(eq(chapters.id, chapterId))
      .for('update');
    const [latest] = await tx
      .select({ version: scoreRuleSets.version, rules: scoreRuleSets.rules })
      .from(scoreRuleSets)
      .where(eq(scoreRuleSets.chapterId, chapterId))
      .orderBy(desc(scoreRuleSets.version))
      .limit(1);
    const version = (latest?.version ?? 0) + 1;
    const [saved] = await tx
      .insert(scoreRuleSets)
      .values({ chapterId, version, rules, reason, changedById: by.id })
      .returning({ createdAt: scoreRuleSets.createdAt });
    await recordAudit(tx, {
      actorId: by.id,
      action: 'chapter.score_rules_changed',
      subject: chapter?.name ?? 'The chapter',
      before: { version: version - 1, name: (latest?.rules ?? DEFAULT_RULES.rules).name },
      after: { version, name: rules.name, reason },
      chapterId,
    });
    const [who] = await tx.select({ name: userFullName }).from(users).where(eq(users.id, by.id));
    return {
      version,
      rules,
      preset: null,
      reason,
      changedAt: saved!.createdAt.toISOString(),
      changedBy: who?.name ?? null,
    };
  });
}
