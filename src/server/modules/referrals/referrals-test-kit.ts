import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { todayIn } from '../../../domain/dates';
import { queryRecorder } from '../../test/query-count';
import { injectAs, type Who } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

/**
 * One test app per file with two signed-in members (Ann gives, Bo receives) and the referral calls.
 * Call it at the top of a describe block.
 */
/**
 * `rateLimits: false` only for files that race hundreds of writes through Ann and Bo on purpose.
 * `errors` collects the app's error log lines, so a test can say why a request answered 500.
 */
export function referralsTestKit(options: { rateLimits?: boolean; errors?: string[] } = {}) {
  const recorder = queryRecorder();
  const { errors } = options;
  const kit = {
    t: undefined as unknown as TestApp,
    ann: undefined as unknown as SignedIn,
    bo: undefined as unknown as SignedIn,
    recorder,
    today: todayIn(),
    as: (who: Who, request: InjectOptions) => injectAs(kit.t, who, request),
    give: (who: Who, payload: object) => kit.as(who, { method: 'POST', url: '/api/referrals/give', payload }),
    report: (who: Who, payload: object) =>
      kit.as(who, { method: 'POST', url: '/api/referrals/transactions', payload }),
    decide: (who: Who, id: string, status: string) =>
      kit.as(who, { method: 'PATCH', url: `/api/referrals/${id}/status`, payload: { status } }),
    metrics: async (who: SignedIn) =>
      (await kit.as(who, { method: 'GET', url: '/api/referrals/metrics' })).json(),
    /** Ann credits Bo with `amount` (pending until Bo decides); returns the referral's id. */
    annGivesBo: async (amount = '100.00', extra: object = {}) => {
      const res = await kit.give(kit.ann, {
        toMemberId: kit.bo.userId,
        amount,
        saleDate: kit.today,
        ...extra,
      });
      if (res.statusCode !== 201) throw new Error(`give failed: ${res.statusCode} ${res.body}`);
      return res.json().id as string;
    },
  };
  beforeAll(async () => {
    kit.t = await createTestApp({
      onQuery: recorder.onQuery,
      buildOptions: { rateLimits: options.rateLimits },
      ...(errors && {
        env: { LOG_LEVEL: 'error' },
        logStream: { write: (line: string) => void errors.push(line) },
      }),
    });
    kit.ann = await signInAs(kit.t.db, 'MEMBER', {
      firstName: 'Ann',
      lastName: 'Giver',
      businessName: 'Ann Co',
    });
    kit.bo = await signInAs(kit.t.db, 'MEMBER', {
      firstName: 'Bo',
      lastName: 'Taker',
      businessName: 'Bo LLC',
    });
  });
  afterAll(() => kit.t.close());
  return kit;
}
