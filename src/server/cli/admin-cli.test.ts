import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../test/admin-cli';

/** `npm run admin` on the embedded database (the PostgreSQL run is in auth/first-admin-sign-in.test.ts). */
describe('npm run admin on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'noco-admin-cli-'));
  const admin = (...args: string[]) => runAdminCommand(args, { DATA_DIR: dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('grants, is idempotent, lists, and refuses bad input in one line without changing anything', async () => {
    expect(await admin('grant', 'Owner@Example.com', 'agency_admin')).toEqual({
      code: 0,
      stdout:
        'Created owner@example.com as Agency Administrator. They sign in with "Continue with Google" using that email.',
      stderr: '',
    });
    expect(await admin('grant', 'owner@example.com', 'AGENCY_ADMIN')).toEqual({
      code: 0,
      stdout: 'owner@example.com is already Agency Administrator; nothing changed.',
      stderr: '',
    });
    expect(await admin('grant', 'not-an-email', 'MEMBER')).toEqual({
      code: 1,
      stdout: '',
      stderr: '"not-an-email" is not an email address.',
    });
    expect(await admin('grant', 'lee@example.com', 'CHAIR')).toEqual({
      code: 1,
      stdout: '',
      stderr: '"CHAIR" is not a role. Use one of GUEST, MEMBER, LEADERSHIP, NETWORK_ADMIN, AGENCY_ADMIN.',
    });
    expect(await admin('grant', 'owner@example.com', 'MEMBER')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The last Agency Admin cannot be demoted or deleted.',
    });
    expect(await admin('list')).toEqual({
      code: 0,
      stdout: 'Agency Administrator   owner@example.com: has not signed in yet\n0 members, 0 guests.',
      stderr: '',
    });
  }, 60_000);

  it('answers an unknown command with the usage and exit code 1', async () => {
    const result = await admin('promote', 'owner@example.com');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Usage:\n {2}npm run admin -- grant <email> <ROLE>/);
  });
});
