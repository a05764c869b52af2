import type { PublicMember } from '../../../../domain/members/contracts';
import { EMBEDDED_MEMBER_ID } from '../../../../domain/members/embedded';

let pageLoadedAt = 0;
let embedded: PublicMember | null | undefined;

/**
 * The profile the server put into this /member/:name page (the same cached answer the API gives), taken
 * once: later visits to the page go through the API, so an edit is never hidden behind page-load data.
 */
export function takeEmbeddedMember(slug: string): { member: PublicMember; at: number } | undefined {
  // The server painting this page has the answer among its own.
  if (typeof document === 'undefined') return undefined;
  if (embedded === undefined) {
    const script = document.getElementById(EMBEDDED_MEMBER_ID);
    pageLoadedAt = Date.now();
    try {
      embedded = script?.textContent ? (JSON.parse(script.textContent) as PublicMember) : null;
    } catch {
      embedded = null;
    }
  }
  if (!embedded || embedded.slug !== slug) return undefined;
  const member = embedded;
  embedded = null;
  return { member, at: pageLoadedAt };
}
