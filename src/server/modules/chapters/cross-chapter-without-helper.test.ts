import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { describeChapterIsolation } from './cross-chapter-walk';

/**
 * The same generated walk with the first lock gone. The scoping helper adds no condition to any query,
 * so only row-level security keeps chapter A's requests out of chapter B (docs/decisions/0039).
 */
vi.mock('../../db/chapter-scope', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../db/chapter-scope')>();
  return { ...original, inChapterScope: () => sql`true`, inPreparedChapterScope: () => sql`true` };
});

describeChapterIsolation({
  title: 'chapter isolation over every route with the scoping helper bypassed',
  // A public route sees every chapter (the public pages are agency-wide): which chapter's industries the apply
  // form lists is the helper's choice alone, and the list is public. Every signed-in route stays in the walk.
  skip: [/^\/api\/industries\/public$/],
});
