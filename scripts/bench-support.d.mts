export function freePort(): Promise<number>;
export function waitForHealth(base: string): Promise<void>;
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export function startOnFreshDatabase(
  prefix: string,
  server?: string,
): Promise<{
  base: string;
  dbUrl: string;
  child: import('node:child_process').ChildProcess;
  db: import('pg').Client;
  session(userId: string): Promise<{ authorization: string }>;
  stop(): Promise<void>;
}>;
