import type { LightMyRequestResponse } from 'fastify';

/** Just enough of a browser's cookie jar for walking redirect flows with app.inject. */
export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  store(response: LightMyRequestResponse): void {
    for (const c of response.cookies as Array<{
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const key = `${c.name}@${c.path ?? '/'}`;
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value: c.value, path: c.path ?? '/' });
    }
  }

  /** Puts a cookie in as a browser that already holds it would (a session from an earlier sign-in). */
  set(name: string, value: string, path = '/'): void {
    this.cookies.set(`${name}@${path}`, { value, path });
  }

  header(url: string): string {
    const path = new URL(url, 'http://x').pathname;
    return [...this.cookies.entries()]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([key, c]) => `${key.split('@')[0]}=${c.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    for (const [key, c] of this.cookies) if (key.startsWith(`${name}@`)) return c.value;
    return undefined;
  }
}
