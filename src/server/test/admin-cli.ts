import { execFile } from 'node:child_process';
import { projectRoot } from '../lib/project-root';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin -- <args>` as an operator would, with these database settings. */
export function runAdminCommand(args: string[], env: Record<string, string>): Promise<CommandResult> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '-s', 'admin', '--', ...args],
      { cwd: projectRoot(), env: { ...inherited, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() });
      },
    );
  });
}
