/** Only http(s) links are ever shown or stored; `javascript:`, `data:` and the like are dropped. */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A picture may be an http(s) URL or a path on this site (never protocol-relative `//host`). */
export function safeImageUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return safeHttpUrl(value) ?? null;
}
