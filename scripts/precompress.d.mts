export function precompressDir(root: string): number;
