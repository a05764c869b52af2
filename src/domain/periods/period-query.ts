import { z } from 'zod';
import { PERIODS } from './periods';

/** `?period=` of a member's figures; all time when left out. */
export const periodQuerySchema = z.object({ period: z.enum(PERIODS).default('all') });
