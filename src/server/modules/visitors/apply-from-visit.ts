import { sql } from 'drizzle-orm';
import type { VisitorApplyPrefill } from '../../../domain/visitors/contracts';
import { type Database, selectRows, type Transaction } from '../../db/client';
import { readApplyToken } from './apply-token';
import { advanceVisitor } from './visitor-stages';

/** GET /api/visitors/apply/:token: what the visitor the link names told us, with their chapter; null if forged. */
export async function readApplyPrefill(
  db: Database,
  secret: string,
  token: string,
): Promise<VisitorApplyPrefill | null> {
  const visitorId = readApplyToken(secret, token);
  if (!visitorId) return null;
  const [row] = await selectRows<{
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
    business: string | null;
    industry: string | null;
    slug: string | null;
    name: string | null;
  }>(
    db,
    sql`select p.first_name, p.last_name, p.email, p.phone, p.business, p.industry, c.slug, c.name
        from visitors p join chapters c on c.id = p.chapter_id where p.id = ${visitorId}`,
  );
  if (!row) return null;
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    business: row.business,
    industry: row.industry,
    chapterSlug: row.slug,
    chapterName: row.name,
  };
}

/**
 * An application sent from a visitor's "Apply" link, in its transaction: linked to the visitor when they visited
 * the chapter applied to (a link for another chapter is left aside), and the visitor moved to applied.
 * Answers the visitor's id, or null when nothing was linked.
 */
export async function linkApplicationToVisitor(
  tx: Transaction,
  secret: string,
  token: string,
  application: { id: string; chapterId: string; userId: string },
): Promise<string | null> {
  const visitorId = readApplyToken(secret, token);
  if (!visitorId) return null;
  const [linked] = await selectRows<{ id: string }>(
    tx,
    sql`update applications a set visitor_id = p.id from visitors p
        where a.id = ${application.id} and p.id = ${visitorId} and p.chapter_id = ${application.chapterId}
        returning p.id`,
  );
  if (!linked) return null;
  await advanceVisitor(tx, visitorId, 'applied', 'application', application.userId);
  return visitorId;
}

/** An approved application that came from a visit: the visitor is a member now, linked to their account. */
export async function visitorBecameMember(
  tx: Transaction,
  application: { visitorId: string | null; userId: string },
  reviewerId: string,
): Promise<void> {
  if (!application.visitorId) return;
  await tx.execute(
    sql`update visitors set member_user_id = ${application.userId}, updated_at = now() where id = ${application.visitorId}`,
  );
  await advanceVisitor(tx, application.visitorId, 'member', 'approval', reviewerId);
}
