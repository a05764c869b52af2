export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export interface RouteSize {
  route: string;
  kb: number;
  bytes: number;
  over: boolean;
}
export const BUDGETS: { route: string; page: string | null; kb: number }[];
export function staticClosure(manifest: Manifest, key: string, seen?: Set<string>): Set<string>;
export function routeSizes(manifest: Manifest, gzipSize: (file: string) => number): RouteSize[];
