import { describeChapterIsolation } from './cross-chapter-walk';

/**
 * The same generated walk with the second lock gone: served as the tables' owner, row-level security does not
 * bind, so only the scoping helper keeps chapter A's requests out of chapter B (docs/decisions/0032). An
 * installation that never set up the app role runs like this.
 */
describeChapterIsolation({
  title: 'chapter isolation over every route with row-level security off',
  withoutRowLevelSecurity: true,
});
