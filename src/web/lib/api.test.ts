import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, clearCsrfToken, ensureCsrfToken } from './api';

/** Records each request and answers from a script, so the client's own decisions can be checked. */
function scriptedFetch(answers: Array<{ status: number; body: unknown }>) {
  /** Each request as 'METHOD url'; `keptAlive` lists those sent with keepalive. */
  const calls = Object.assign([] as string[], { keptAlive: [] as string[] });
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (init?.keepalive) calls.keptAlive.push(`${init.method} ${url}`);
    const next = url === '/api/csrf-token' ? { status: 200, body: { csrfToken: 'fresh' } } : answers.shift();
    if (!next) throw new Error(`unexpected request ${url}`);
    return new Response(JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

describe('the API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes the CSRF token and retries once after a CSRF refusal', async () => {
    const calls = scriptedFetch([
      { status: 403, body: { code: 'CSRF', message: 'Invalid or missing CSRF token' } },
      { status: 200, body: { ok: true } },
    ]);
    expect(await api.post('/api/things', { a: 1 })).toEqual({ ok: true });
    expect(calls.filter((c) => c === 'POST /api/things')).toHaveLength(2);
    expect(calls).toContain('GET /api/csrf-token');
  });

  it('asks for the CSRF token once when several parts of a page need it at the same moment', async () => {
    clearCsrfToken();
    const calls = scriptedFetch([]);
    await Promise.all([ensureCsrfToken(), ensureCsrfToken(), ensureCsrfToken()]);
    expect([...calls]).toEqual(['GET /api/csrf-token']);
    // Held once it came: a later need asks nothing.
    await ensureCsrfToken();
    expect([...calls]).toEqual(['GET /api/csrf-token']);
  });

  it('lets a small write outlive the page (keepalive), but not a read, a large body or a file', async () => {
    const calls = scriptedFetch([
      { status: 200, body: {} },
      { status: 200, body: {} },
      { status: 200, body: {} },
      { status: 200, body: {} },
    ]);
    await api.patch('/api/referrals/x/status', { status: 'declined' });
    await api.get('/api/referrals');
    await api.post('/api/big', { notes: 'x'.repeat(8_000) });
    await api.putFile('/api/upload', new Blob(['bytes'], { type: 'image/png' }));
    expect(calls.filter((c) => c !== 'GET /api/csrf-token')).toHaveLength(4);
    expect(calls.keptAlive).toEqual(['PATCH /api/referrals/x/status']);
  });

  it('never retries a real permission refusal, and hands over the code', async () => {
    const calls = scriptedFetch([{ status: 403, body: { code: 'FORBIDDEN', message: 'You may not' } }]);
    const error = await api.post('/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', serverMessage: 'You may not' });
    expect(calls.filter((c) => c === 'POST /api/things')).toHaveLength(1);
  });

  it('keeps field errors, and leaves the code empty for an answer that is not ours', async () => {
    scriptedFetch([
      {
        status: 400,
        body: { code: 'VALIDATION', message: 'Invalid', fieldErrors: { email: ['Invalid email'] } },
      },
      { status: 502, body: { error: 'bad gateway' } },
    ]);
    await expect(api.put('/api/x', {})).rejects.toMatchObject({
      code: 'VALIDATION',
      fieldErrors: { email: ['Invalid email'] },
    });
    await expect(api.get('/api/y')).rejects.toMatchObject({ status: 502, code: undefined });
  });
});
