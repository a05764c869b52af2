// @ts-check
// Mutation testing of one area (docs/decisions/0031): the referrals use cases and the referral policies,
// judged by the referrals module's own tests (API tests on PostgreSQL) and the domain's referral tests.
import { base } from './base.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base('referrals'),
  mutate: [
    'src/server/modules/referrals/**/*.ts',
    '!src/server/modules/referrals/**/*.test.ts',
    '!src/server/modules/referrals/referrals-test-kit.ts',
    'src/domain/referrals/policy.ts',
  ],
  testFiles: ['src/server/modules/referrals/**/*.test.ts', 'src/domain/referrals/**/*.test.ts'],
};
