import type { BuildOptions } from 'esbuild';
export const LOADED_FROM_NODE_MODULES: string[];
export function serverBuild(outdir: string): BuildOptions;
