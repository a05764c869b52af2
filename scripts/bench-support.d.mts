export function freePort(): Promise<number>;
export function waitForHealth(base: string): Promise<void>;
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
