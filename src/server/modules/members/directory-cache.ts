import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { DirectoryPage, DirectoryQuery, PublicMember } from '../../../domain/members/contracts';
import { publicMemberSchema } from '../../../domain/members/contracts';
import { asSystem } from '../../db/chapter-lock';
import type { Database } from '../../db/client';
import { type EncodedBody, encodeBody } from '../../http/encoded-body';
import { redirectedSlug } from '../profile/profile-queries';
import { buildDirectoryIndex, type DirectoryIndex, MEMBERS_PER_SLICE } from './directory-index';
import { directoryVersion, listPublicMembers } from './member-queries';

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
  /**
   * Makes sure the answers are this directory version's: reads the version (one primary-key lookup) unless
   * the database's notices are heard and none came since the last read, and drops everything when it moved.
   */
  refresh(): Promise<void>;
  /** Every listed member, A to Z, as bytes. */
  everyone(): Promise<EncodedBody>;
  /** One page of the directory with its filters, as bytes. */
  page(query: DirectoryQuery): Promise<EncodedBody>;
  /**
   * One member's profile by slug (or a former slug), null when there is none. The profile API and the
   * HTML of /member/:name (link previews and the embedded first answer) share it.
   */
  profile(slug: string): Promise<CachedProfile | null>;
  /**
   * Another answer built only from what the directory version covers (the chapters' public pages, the
   * sitemap), kept until the version moves and shared by concurrent callers. A null answer (nothing at a
   * made-up address) and a failed build are not kept.
   */
  kept<T>(key: string, build: () => Promise<T | null>): Promise<T | null>;
  /** The directory version the answers are at, after a refresh (what a cached painted page is keyed by). */
  version(): string;
  /** The version may have moved (a notice, or a write answered here): the next refresh reads it. */
  changed(): void;
  /** Whether notices are heard: off, every refresh reads the version. */
  setListening(listening: boolean): void;
}

/**
 * The public directory's answers, reused while the directory version is unchanged: a trigger bumps it
 * in the same transaction as any public change (migration 0005) and tells every instance (migration 0030).
 * Each version's members are read once, into an in-memory index that answers every search, page and profile
 * (`directory-index.ts`); concurrent requests at a new version share one build. See docs/decisions/0005.
 */
export function createDirectoryCache(db: () => Database): DirectoryCache {
  let version = '';
  let index: Promise<DirectoryIndex> | undefined;
  let listening = false;
  let stale = true;
  // Counts notices: a version read that a notice overtook does not count as current.
  let generation = 0;
  const entries = new Map<string, Promise<unknown>>();
  // Apart from `entries`, so a run of searches never pushes the chapters or the sitemap out; its keys are the
  // code's own (one per chapter or sitemap page), so it stays small.
  const derived = new Map<string, Promise<unknown>>();

  const remember = <T>(key: string, build: () => Promise<T>): Promise<T> => {
    let entry = entries.get(key) as Promise<T> | undefined;
    if (!entry) {
      if (entries.size >= MAX_CACHED_ANSWERS) entries.delete(entries.keys().next().value as string);
      // Shared by every later caller, so built as the system's (every chapter), not as the first caller's.
      const built = asSystem(build);
      entries.set(key, built);
      built.catch(() => entries.get(key) === built && entries.delete(key));
      entry = built;
    }
    return entry;
  };

  const currentIndex = () => {
    if (!index) {
      const built = asSystem(() => listPublicMembers(db())).then(async (rows) => {
        // Checked against the public contract once per version, a slice at a time (10,000 take ~50 ms).
        const members: PublicMember[] = [];
        for (const row of rows) {
          if (members.length > 0 && members.length % MEMBERS_PER_SLICE === 0) await yieldToRequests();
          members.push(publicMemberSchema.parse(row));
        }
        return buildDirectoryIndex(members);
      });
      index = built;
      built.catch(() => {
        if (index === built) index = undefined;
      });
    }
    return index;
  };

  const changed = () => {
    stale = true;
    generation += 1;
  };

  return {
    async refresh() {
      if (listening && !stale) return;
      const started = generation;
      const current = await directoryVersion(db());
      if (current !== version) {
        entries.clear();
        derived.clear();
        index = undefined;
        version = current;
      }
      if (started === generation) stale = false;
    },
    everyone: () => remember('everyone', async () => encodeBody((await currentIndex()).members)),
    page(query) {
      const filters = { q: query.q.trim().toLowerCase(), industry: query.industry.trim().toLowerCase() };
      const key = JSON.stringify([
        'page',
        filters.q,
        filters.industry,
        query.chapter,
        query.page,
        query.pageSize,
      ]);
      return remember(key, async () => {
        const found = (await currentIndex()).find({ ...filters, chapter: query.chapter });
        const start = (query.page - 1) * query.pageSize;
        const answer: DirectoryPage = {
          items: found.slice(start, start + query.pageSize),
          total: found.length,
          page: query.page,
          pageSize: query.pageSize,
        };
        return encodeBody(answer);
      });
    },
    async profile(slug) {
      const key = `profile:${slug}`;
      const entry = remember(key, async () => {
        const members = await currentIndex();
        let member = members.bySlug(slug);
        if (!member) {
          const moved = await redirectedSlug(db(), slug);
          if (moved) member = members.bySlug(moved);
        }
        if (!member) return null;
        return { member, body: encodeBody(member), slug: member.slug };
      });
      const found = await entry;
      // Unknown addresses are not kept: made-up slugs must not push real profiles out.
      if (!found && entries.get(key) === entry) entries.delete(key);
      return found;
    },
    kept<T>(key: string, build: () => Promise<T | null>) {
      let entry = derived.get(key) as Promise<T | null> | undefined;
      if (!entry) {
        const built = asSystem(build);
        const forget = () => derived.get(key) === built && derived.delete(key);
        built.then((answer) => answer === null && forget(), forget);
        derived.set(key, built);
        entry = built;
      }
      return entry;
    },
    version: () => version,
    changed,
    setListening(on) {
      listening = on;
      changed();
    },
  };
}

/** The channel migration 0030's trigger notifies, with the new version, whenever the directory changes. */
export const DIRECTORY_CHANGED_CHANNEL = 'directory_changed';

/**
 * Lets the directory skip its per-request version read while the database's notices are heard (PostgreSQL,
 * named statements: PgBouncer's transaction mode does not carry LISTEN, and the embedded database reads the
 * version in-process). A lost listener turns it off until it is back. Any write answered here marks the
 * version as moved before its answer leaves, so this instance's own change is seen by its next read at once.
 */
export function hearDirectoryChanges(app: FastifyInstance, cache: DirectoryCache): void {
  const { database, config } = app;
  if (!config.directoryNotices || !database.listen || !config.databasePool.namedStatements) return;
  const listener = database.listen(DIRECTORY_CHANGED_CHANNEL, {
    message: () => cache.changed(),
    state: (listening) => {
      if (!listening)
        app.log.warn('directory changes not heard: its version is read per request until reconnected');
      cache.setListening(listening);
    },
  });
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') cache.changed();
  });
  app.addHook('onClose', () => listener.stop());
}
