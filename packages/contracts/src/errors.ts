import { z } from 'zod';
/** Every API error body. */
export const errorResponse = z.object({ message: z.string() });
