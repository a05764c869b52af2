import { z } from 'zod';

/** Who keyed a record in on its member's behalf (see entered-by.ts); null when the member did. */
export const enteredBySchema = z.object({ name: z.string(), role: z.string() }).nullable();
