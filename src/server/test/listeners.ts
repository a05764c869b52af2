import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client';

/** Ends every instance's LISTEN connection on this test's database, as a network fault or a restart would. */
export async function endListeners(db: Database): Promise<void> {
  await db.execute(sql`
    select pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and application_name like '%-listen'`);
}

/** A client of its own listening on `channel`: what it has heard so far, and how to stop. */
export async function hear(url: string, channel: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const heard: string[] = [];
  client.on('notification', (note) => heard.push(note.payload ?? ''));
  await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  return { heard, stop: () => client.end() };
}
