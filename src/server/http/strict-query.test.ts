import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { injectAs } from '../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../test/test-app';

let t: TestApp;
let agency: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  agency = await signInAs(t.db, 'AGENCY_ADMIN');
});
afterAll(() => t.close());

const apiRoutes = () =>
  t.app.registeredRoutes.filter(
    (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'),
  );

/** A path with its parameters filled by well-formed values, so the query is what is judged. */
const samplePath = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) =>
    name === 'date' ? '2026-01-06' : /id$/i.test(name) ? randomUUID() : 'sample',
  );

describe('undeclared query parameters', () => {
  it('every API route refuses a parameter it does not declare, the sign-in callback excepted', () => {
    const open: string[] = [];
    for (const route of apiRoutes()) {
      const schema = route.request.querystring as z.ZodType | undefined;
      const outcome = schema?.safeParse({ unexpectedParameter: '1' });
      if (outcome?.success !== false) open.push(route.url);
    }
    expect([...new Set(open)]).toEqual(['/api/auth/google/callback']);
  });

  it('answers 400 naming the parameter on every read, and the declared filter still works', async () => {
    const reads = apiRoutes().filter(
      (route) => route.methods.includes('GET') && !route.url.includes('google'),
    );
    expect(reads.length).toBeGreaterThan(30);
    const answers: string[] = [];
    for (const route of reads) {
      const res = await injectAs(t, agency, {
        method: 'GET',
        url: `${samplePath(route.url)}?unexpectedParameter=1`,
      });
      const body = res.json();
      if (res.statusCode !== 400 || body.message !== 'Unknown query parameter "unexpectedParameter"') {
        answers.push(`${route.url}: ${res.statusCode} ${body.message}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('refuses the misspelt meetings filter instead of answering the coming weeks', async () => {
    const wrong = await injectAs(t, agency, { method: 'GET', url: '/api/meetings?state=closed' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'Unknown query parameter "state"',
      fieldErrors: { state: ['Unknown query parameter "state"'] },
    });
    const right = await injectAs(t, agency, { method: 'GET', url: '/api/meetings?view=past' });
    expect(right.statusCode).toBe(200);
  });

  it("lets through the chapter an agency administrator's download link acts in, which every route reads", async () => {
    const res = await injectAs(t, agency, {
      method: 'GET',
      url: '/api/meetings?view=past&actingChapter=no-such',
    });
    // Read (and refused as unknown) by the sign-in step, not refused as an undeclared parameter.
    expect(res.statusCode).toBe(404);
  });
});
