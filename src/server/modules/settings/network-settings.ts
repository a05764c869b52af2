import { count, isNotNull, ne, sql } from 'drizzle-orm';
import { centsToDecimal } from '../../../domain/money';
import { DEFAULT_ANNUAL_DUES } from '../../../domain/network/constants';
import { confirmActorRole } from '../../auth/confirm-actor-role';
import type { Actor } from '../../auth/session-store';
import type { Database } from '../../db/client';
import { networkSettings, users } from '../../db/schema';
import { recordAudit } from '../audit/record-audit';

export async function readNetworkSettings(db: Database) {
  const [row] = await db
    .select({ defaultAnnualDues: networkSettings.defaultAnnualDues })
    .from(networkSettings)
    .limit(1);
  const dues = row?.defaultAnnualDues ?? null;
  return { defaultAnnualDues: dues, effectiveDefaultDues: dues ?? centsToDecimal(DEFAULT_ANNUAL_DUES * 100) };
}

/** PUT /api/settings/network/dues: one row, written with its audit entry. */
export async function updateDefaultDues(db: Database, actor: Actor, input: { defaultAnnualDues: string }) {
  await db.transaction(async (tx) => {
    await confirmActorRole(tx, actor, 'NETWORK_ADMIN');
    const [before] = await tx.select().from(networkSettings).for('update');
    await tx
      .insert(networkSettings)
      .values({ id: 1, defaultAnnualDues: input.defaultAnnualDues })
      .onConflictDoUpdate({
        target: networkSettings.id,
        set: { defaultAnnualDues: input.defaultAnnualDues, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'dues.changed',
      subject: 'Default annual dues',
      before: { defaultAnnualDues: before?.defaultAnnualDues ?? null },
      after: { defaultAnnualDues: input.defaultAnnualDues },
    });
  });
  return readNetworkSettings(db);
}

/** Non-guest members with and without their own dues override, as counts and whole percentages. */
export async function duesStatistics(db: Database) {
  const [row] = await db
    .select({
      members: count(),
      withOverride: sql<number>`count(*) filter (where ${isNotNull(users.annualDuesOverride)} and ${users.annualDuesOverride} > 0)::int`,
    })
    .from(users)
    .where(ne(users.role, 'GUEST'));
  const members = row?.members ?? 0;
  const withOverride = Number(row?.withOverride ?? 0);
  const percent = (n: number) => (members === 0 ? 0 : Math.round((n * 100) / members));
  return {
    members,
    withOverride,
    withoutOverride: members - withOverride,
    withOverridePercent: percent(withOverride),
    withoutOverridePercent: percent(members - withOverride),
  };
}
