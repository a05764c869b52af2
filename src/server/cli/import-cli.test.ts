import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runNpmScript } from '../test/admin-cli';

/** `npm run import` on the embedded database, as an operator runs it. */
// Each run is a real `npm run import` (a new Node process compiling the command and opening the embedded
// database): 7-9 s apiece on a 2-core machine, so a test of six runs needs more than the default 30 s.
const SIX_COMMANDS_MS = 120_000;

describe('npm run import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'noco-import-cli-'));
  const dataDir = join(dir, 'data');
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const run = (...args: string[]) => runNpmScript('import', args, { DATA_DIR: dataDir });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'prints the preview, writes nothing on a dry run or with errors, then imports and changes nothing again',
    async () => {
      const bad = file('bad.csv', 'Mail,First Name,Last Name\nann@cli.test,Ann,Lee\nnot-an-email,Bo,Xu\n');
      const refused = await run('members', bad, '--column', 'email=Mail');
      expect(refused.code).toBe(1);
      expect(refused.stdout.split('\n')).toEqual([
        'Columns: Email <- "Mail", First Name <- "First Name", Last Name <- "Last Name"',
        '2 rows: 1 new, 0 to update, 0 unchanged, 1 with errors',
        '',
        'Row   Action    Values                                          Errors',
        '2     new       ann@cli.test / Ann / Lee',
        '3     ERROR     not-an-email / Bo / Xu                          Email: Invalid email',
      ]);
      expect(refused.stderr).toBe(
        'Nothing was imported: fix the rows above (or choose columns with --column) and run it again, or import the good rows with --leave-out <refused.csv>.',
      );

      const good = file('good.csv', 'Email,First Name,Last Name\nann@cli.test,Ann,Lee\nbo@cli.test,Bo,Xu\n');
      const dry = await run('members', good, '--dry-run');
      expect(dry.code).toBe(0);
      expect(dry.stdout).toContain('2 rows: 2 new, 0 to update, 0 unchanged, 0 with errors');
      expect(dry.stdout.split('\n').at(-1)).toBe('Dry run: nothing was written.');

      const done = await run('members', good);
      expect(done.code).toBe(0);
      expect(done.stdout.split('\n').at(-1)).toBe('Imported: 2 new, 0 updated, 0 unchanged.');
      const again = await run('members', good);
      expect(again.stdout.split('\n').at(-1)).toBe('Imported: 0 new, 0 updated, 2 unchanged.');

      const history = file('attendance.csv', 'Member Email,Meeting Date,Status\nann@cli.test,2024-03-05,A\n');
      expect((await run('attendance', history)).stdout.split('\n').at(-1)).toBe(
        'Imported: 1 new, 0 updated, 0 unchanged.',
      );
    },
    SIX_COMMANDS_MS,
  );

  it(
    'with --leave-out, imports the good rows and writes the others with their reasons',
    async () => {
      const mixed = file('mixed.csv', 'Email,First Name,Last Name\ncy@cli.test,Cy,Ng\nnot-an-email,Di,Oh\n');
      const refusedPath = join(dir, 'refused.csv');
      const done = await run('members', mixed, '--leave-out', refusedPath);
      expect(done.code).toBe(0);
      expect(done.stdout.split('\n').slice(-2)).toEqual([
        'Imported: 1 new, 0 updated, 0 unchanged.',
        `Left out 1 row with errors: written with their reasons to ${refusedPath}.`,
      ]);
      expect(readFileSync(refusedPath, 'utf8')).toBe(
        '\ufeffEmail,First Name,Last Name,Reasons\nnot-an-email,Di,Oh,Email: Invalid email\n',
      );
      const dry = await run('members', mixed, '--dry-run', '--leave-out', refusedPath);
      expect(dry.stdout.split('\n').at(-1)).toBe('Dry run: nothing was written.');
    },
    SIX_COMMANDS_MS,
  );

  it(
    'refuses a wrong command, a missing file and an unknown header in one line',
    async () => {
      expect((await run('pets', 'x.csv')).code).toBe(1);
      expect(await run('members', join(dir, 'missing.csv'))).toMatchObject({
        code: 1,
        stderr: `Cannot read ${join(dir, 'missing.csv')}: ENOENT`,
      });
      const plain = file('plain.csv', 'Email,First Name,Last Name\nx@cli.test,X,Y\n');
      expect(await run('members', plain, '--column', 'email=Nope')).toMatchObject({
        code: 1,
        stderr: 'No column is headed "Nope".',
      });
    },
    SIX_COMMANDS_MS,
  );
});
