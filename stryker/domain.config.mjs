// @ts-check
// Mutation testing of the shared rules (docs/decisions/0031): every mutant of src/domain is judged by the
// domain's own unit tests only. Letting vitest pick tests by import graph re-runs the PostgreSQL API
// tests for each mutant (measured: 5-7 hours); narrowed, the run takes minutes.
import { base } from './base.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base('domain'),
  mutate: ['src/domain/**/*.ts', '!src/domain/**/*.test.ts', '!src/domain/**/*.fixture.ts'],
  testFiles: ['src/domain/**/*.test.ts'],
};
