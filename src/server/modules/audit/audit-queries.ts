import { count, desc, eq } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditPage, auditSummary } from '../../../domain/admin/audit';
import { type ChapterScope, inChapterScope } from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { userFullName } from '../../db/name-sql';
import { auditLog, users } from '../../db/schema';

type Values = Record<string, unknown> | null;

/** The audit log, newest first, a page at a time, with who made each change: two queries. */
export async function listAuditLog(db: Database, page: number, scope: ChapterScope): Promise<AuditPage> {
  const inScope = inChapterScope(scope, auditLog.chapterId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        action: auditLog.action,
        subject: auditLog.subject,
        before: auditLog.before,
        after: auditLog.after,
        actorName: userFullName,
        actorEmail: users.email,
        actorLabel: auditLog.actorLabel,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(inScope)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(inScope),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      actorName: r.actorName ?? r.actorEmail ?? r.actorLabel,
      action: r.action,
      summary: auditSummary(r.action, r.subject, r.before as Values, r.after as Values),
    })),
    total: total?.n ?? 0,
    page,
    pageSize: AUDIT_PAGE_SIZE,
  };
}
