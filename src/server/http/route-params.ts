import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AUTH_MESSAGES } from '../../domain/auth/messages';
import { MESSAGES } from '../../domain/messages';
import type { SessionUser } from '../auth/session-store';
import { HttpError } from '../lib/http-error';
import { isUuid } from '../lib/uuid';

/** Marks an issue the error handler answers as 404: a malformed id is as unknown as a missing one. */
export const NOT_FOUND_ISSUE = 'notFound';

/** One path id that must be a uuid; anything else answers 404 with `notFoundMessage`, like an unknown row. */
export const uuidParam = (notFoundMessage: string) =>
  z.string().refine(isUuid, { message: notFoundMessage, params: { [NOT_FOUND_ISSUE]: true } });

/** `{ id }` in the path, for every `/:id` route. */
export const idParams = (notFoundMessage: string) => z.object({ id: uuidParam(notFoundMessage) });

const idList = (max: number) =>
  z
    .array(z.string().refine(isUuid, MESSAGES.invalidId), { error: MESSAGES.idsRequired })
    .min(1, MESSAGES.idsRequired)
    .max(max, `At most ${max} ids at a time`)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** Batch bodies (`{ userIds: [...] }`): uuids, at least one, at most `max`, duplicates dropped. */
export const idsBody = <K extends string>(key: K, max: number) =>
  z.strictObject({ [key]: idList(max) } as { [P in K]: ReturnType<typeof idList> });

/**
 * The signed-in user of a route whose access is not 'public'; the access hook has already refused
 * everyone else, so a missing user here is a wiring mistake and answers 401 rather than crashing.
 */
export function actor(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError('UNAUTHENTICATED', AUTH_MESSAGES.signInRequired);
  return request.user;
}
