export const MINIMUM_NODE: string;
export function unsupportedNode(version: string): string | undefined;
export function requireSupportedNode(): void;
