import { asc, sql } from 'drizzle-orm';
import type { PublicIndustry } from '../../../domain/members/contracts';
import type { Database } from '../../db/client';
import { industries } from '../../db/schema';

/** Every industry, A to Z regardless of case. */
export async function listIndustries(db: Database): Promise<PublicIndustry[]> {
  return db
    .select({ id: industries.id, name: industries.name })
    .from(industries)
    .orderBy(asc(sql`lower(${industries.name})`));
}
