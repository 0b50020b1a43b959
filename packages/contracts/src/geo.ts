import { z } from 'zod';

/** A point on Earth as the API takes it (WGS 84 degrees): a leaf every module with a place reads (DEV-06). */
export const latitude = z.number().min(-90).max(90);
export const longitude = z.number().min(-180).max(180);
