import { execFile } from 'node:child_process';
import { projectRoot } from '../lib/project-root';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin -- <args>` as an operator would, with these database settings. */
export const runAdminCommand = (args: string[], env: Record<string, string>) =>
  runNpmScript('admin', args, env);

/** Runs `npm run <script> -- <args>` (admin, import) as an operator would, with these database settings. */
export function runNpmScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const { DATABASE_URL: _url, MIGRATION_DATABASE_URL: _owner, DATA_DIR: _dir, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '-s', script, '--', ...args],
      { cwd: projectRoot(), env: { ...inherited, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() });
      },
    );
  });
}
