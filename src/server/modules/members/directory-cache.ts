import type { z } from 'zod';
import type { PublicMember } from '../../../domain/members/contracts';
import { publicMemberSchema } from '../../../domain/members/contracts';
import type { Database } from '../../db/client';
import { type EncodedBody, encodeBody } from '../../http/encoded-body';
import { redirectedSlug } from '../profile/profile-queries';
import { directoryVersion, findPublicMemberBySlug } from './member-queries';

/** Distinct answers (search, filter, page, profile) kept per directory version; the oldest goes first. */
const MAX_CACHED_ANSWERS = 500;

/** A member's public profile as cached: the member, its answer bytes, and the slug it lives at now. */
export interface CachedProfile {
  member: PublicMember;
  body: EncodedBody;
  /** Differs from the asked slug when the member changed their name (the old address redirects). */
  slug: string;
}

export interface DirectoryCache {
  /** Reads the directory version (one primary-key lookup) and drops every answer when it moved. */
  refresh(): Promise<void>;
  /** A JSON answer built once per version, checked against its response schema, kept as bytes. */
  answer<T>(key: string, schema: z.ZodType<T>, build: () => Promise<T>): Promise<EncodedBody>;
  /**
   * One member's profile by slug (or a former slug), null when there is none. The profile API and the
   * HTML of /member/:name (link previews and the embedded first answer) share it: one query per version.
   */
  profile(slug: string): Promise<CachedProfile | null>;
}

/**
 * The public directory's answers, reused while the directory version is unchanged: a trigger bumps it
 * in the same transaction as any public change (migration 0005), so several instances agree within a
 * request. Concurrent requests at a new version share one build. See docs/decisions/0005.
 */
export function createDirectoryCache(db: () => Database): DirectoryCache {
  let version = '';
  const entries = new Map<string, Promise<unknown>>();

  const remember = <T>(key: string, build: () => Promise<T>): Promise<T> => {
    let entry = entries.get(key) as Promise<T> | undefined;
    if (!entry) {
      if (entries.size >= MAX_CACHED_ANSWERS) entries.delete(entries.keys().next().value as string);
      const built = build();
      entries.set(key, built);
      built.catch(() => entries.get(key) === built && entries.delete(key));
      entry = built;
    }
    return entry;
  };

  return {
    async refresh() {
      const current = await directoryVersion(db());
      if (current !== version) {
        entries.clear();
        version = current;
      }
    },
    answer: (key, schema, build) =>
      remember(`answer:${key}`, () => build().then((v) => encodeBody(schema.parse(v)))),
    async profile(slug) {
      const key = `profile:${slug}`;
      const entry = remember(key, async () => {
        let member = await findPublicMemberBySlug(db(), slug);
        if (!member) {
          const moved = await redirectedSlug(db(), slug);
          if (moved) member = await findPublicMemberBySlug(db(), moved);
        }
        if (!member) return null;
        const parsed = publicMemberSchema.parse(member);
        return { member: parsed, body: await encodeBody(parsed), slug: parsed.slug };
      });
      const found = await entry;
      // Unknown addresses are not kept: made-up slugs must not push real profiles out.
      if (!found && entries.get(key) === entry) entries.delete(key);
      return found;
    },
  };
}
