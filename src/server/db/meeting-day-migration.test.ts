import { describe, expect, it } from 'vitest';
import { postgresReachable, withDatabaseBefore } from '../test/test-database';

const hasPostgres = await postgresReachable();
/** The migrations before a chapter's meeting day stopped being invented (0043). */
const BEFORE_NO_INVENTED_DAY = 43;

const MET = '00000000-0000-4000-8000-0000000000a1';
const NEVER_MET = '00000000-0000-4000-8000-0000000000a2';
const OWN_DAY = '00000000-0000-4000-8000-0000000000a3';

describe.runIf(hasPostgres)('migration 0043: no invented meeting day', () => {
  it('writes Tuesday down for a chapter that met on it, and drops the untouched weeks of one that never did', async () => {
    await withDatabaseBefore(BEFORE_NO_INVENTED_DAY, async ({ client, handle }) => {
      await client.query(`
        insert into chapters (id, name, slug, meeting_weekday) values
          ('${MET}', 'Met', 'met', null), ('${NEVER_MET}', 'Never met', 'never-met', null),
          ('${OWN_DAY}', 'Own day', 'own-day', 4);
        insert into meetings (chapter_id, meeting_date, scheduled_for, start_time, state, extra) values
          ('${MET}', '2026-11-17', '2026-11-17', '07:00', 'closed', false),
          ('${MET}', '2026-12-01', '2026-12-01', '07:00', 'scheduled', false),
          ('${NEVER_MET}', '2026-11-17', '2026-11-17', '07:00', 'scheduled', false),
          ('${NEVER_MET}', '2026-12-01', '2026-12-01', '07:00', 'holiday', false),
          ('${NEVER_MET}', '2026-11-20', null, '12:00', 'scheduled', true),
          ('${OWN_DAY}', '2026-12-03', '2026-12-03', '07:00', 'scheduled', false);`);

      await handle.migrate();

      const days = await client.query(
        'select slug, meeting_weekday from chapters where slug is not null order by slug',
      );
      expect(days.rows.filter((r) => ['met', 'never-met', 'own-day'].includes(r.slug))).toEqual([
        { slug: 'met', meeting_weekday: 2 },
        { slug: 'never-met', meeting_weekday: null },
        { slug: 'own-day', meeting_weekday: 4 },
      ]);
      const kept = await client.query(
        `select c.slug, m.meeting_date::text as date, m.state from meetings m join chapters c on c.id = m.chapter_id
         where c.slug in ('met', 'never-met', 'own-day') order by 1, 2`,
      );
      // The never-met chapter keeps what leadership touched (a holiday, an extra meeting), not the clock's week.
      expect(kept.rows).toEqual([
        { slug: 'met', date: '2026-11-17', state: 'closed' },
        { slug: 'met', date: '2026-12-01', state: 'scheduled' },
        { slug: 'never-met', date: '2026-11-20', state: 'scheduled' },
        { slug: 'never-met', date: '2026-12-01', state: 'holiday' },
        { slug: 'own-day', date: '2026-12-03', state: 'scheduled' },
      ]);
    });
  });
});
