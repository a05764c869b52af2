import type { FastifyReply, FastifyRequest } from 'fastify';
import { type EncodedBody, encodeBytes, sendBytes } from './encoded-body';

/**
 * How long a painted public page is reused at one directory version: the shortest time any of its public
 * answers is cached for (the network's totals, 60 s), so the page is never older than its own API answers
 * may be in a browser.
 */
export const PAINTED_PAGE_TTL_MS = 60_000;
/** Addresses kept at once; the oldest goes first (a crawler walking every profile cannot grow it). */
export const PAINTED_PAGE_ENTRIES = 2_000;

interface Entry {
  version: string;
  at: number;
  body: EncodedBody;
}

/**
 * A visitor's painted pages, by address, at the directory version they were painted at: a page asked again
 * costs a lookup and the bytes already compressed for its encoding, not a render. A page for a member is
 * never kept (it carries their answers).
 */
export function createPaintedPageCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  return {
    get(url: string, version: string): EncodedBody | undefined {
      const entry = entries.get(url);
      if (!entry) return undefined;
      if (entry.version !== version || now() - entry.at > PAINTED_PAGE_TTL_MS) {
        entries.delete(url);
        return undefined;
      }
      return entry.body;
    },
    set(url: string, version: string, html: string): EncodedBody {
      const body = encodeBytes(Buffer.from(html));
      entries.delete(url);
      entries.set(url, { version, at: now(), body });
      if (entries.size > PAINTED_PAGE_ENTRIES) entries.delete(entries.keys().next().value as string);
      return body;
    },
    get size() {
      return entries.size;
    },
  };
}

/** Sends a kept page as `sendBytes` does, varying with the cookie (who asks) and the encoding. */
export function sendPaintedPage(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  reply.header('vary', 'Cookie, Accept-Encoding');
  return sendBytes(request, reply, body, 'text/html; charset=utf-8');
}
