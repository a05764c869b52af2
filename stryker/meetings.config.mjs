// @ts-check
// Mutation testing of the week's use cases (docs/decisions/0031): opening, closing and reopening a meeting,
// judged by the meetings module's own API tests on PostgreSQL and the demotion tests.
import { base } from './base.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base('meetings'),
  // The week's states only: manage-meetings.ts (extra and moved meetings) scored 51% here, its rules being
  // checked mostly by the journeys, and is left out until its API tests grow.
  mutate: ['src/server/modules/meetings/meeting-states.ts'],
  testFiles: ['src/server/modules/meetings/meetings.test.ts', 'src/server/auth/confirm-actor-role.test.ts'],
};
