import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The built server (or an npm command) as an operator runs it, for the operations project. */
export interface Server {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * A port below Linux's ephemeral range (32768 up), where the browser's and the pools' own connections take
 * their local ports: a port picked there can be in use already (EADDRINUSE, and the server exits).
 */
export const freePortGuess = () => 20000 + Math.floor(Math.random() * 12000);

export function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  dataDir?: string,
  cwd?: string,
): Server {
  const port = Number(env.PORT) || freePortGuess();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'noco-ops-'));
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      ...env,
    },
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, dataDir: dir, output: () => output, exited };
}

/** Waits for /api/ready to answer 200; a server that exits first fails at once, with what it printed. */
export async function healthy(server: Server) {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`The server exited (${exitCode}) before it was healthy:\n${server.output()}`);
    const res = await fetch(`http://127.0.0.1:${server.port}/api/ready`).catch(() => undefined);
    if (res?.status === 200) return;
    await sleep(200);
  }
  throw new Error(`The server was not healthy within 45 s:\n${server.output()}`);
}
