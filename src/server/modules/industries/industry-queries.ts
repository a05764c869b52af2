import { asc, eq, sql } from 'drizzle-orm';
import type { Industry } from '../../../domain/admin/contracts';
import type { PublicIndustry } from '../../../domain/members/contracts';
import type { Database } from '../../db/client';
import { industries } from '../../db/schema';
import { seatHolderId } from '../../db/seat-holder';

/** Every industry, A to Z regardless of case. */
export async function listIndustries(db: Database): Promise<PublicIndustry[]> {
  return db
    .select({ id: industries.id, name: industries.name })
    .from(industries)
    .orderBy(asc(sql`lower(${industries.name})`));
}

/**
 * The admins' list: each industry with its members counted and its seat holder (the first non-guest by
 * join date), in one query.
 */
export async function listIndustriesForAdmin(db: Database, id?: string): Promise<Industry[]> {
  const inIndustry = sql`lower(u.industry) = lower(${industries.name}) and u.role <> 'GUEST'`;
  const rows = await db
    .select({
      id: industries.id,
      name: industries.name,
      description: industries.description,
      createdAt: industries.createdAt,
      updatedAt: industries.updatedAt,
      memberCount: sql<number>`(select count(*)::int from users u where ${inIndustry})`,
      seatHolder: sql<
        string | null
      >`(select nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
        from users u where u.id = ${seatHolderId(industries.name)})`,
    })
    .from(industries)
    .where(id ? eq(industries.id, id) : undefined)
    .orderBy(asc(sql`lower(${industries.name})`));
  return rows.map((r) => ({
    ...r,
    memberCount: Number(r.memberCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function findIndustryRow(db: Pick<Database, 'select'>, id: string) {
  const [row] = await db.select().from(industries).where(eq(industries.id, id)).for('update');
  return row;
}
