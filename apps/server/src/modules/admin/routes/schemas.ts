import { DetailSchema } from '@portal/shared';
import { z } from 'zod';

/** What every console route may answer besides success: `{ detail }`. */
export const errors = {
  400: DetailSchema,
  401: DetailSchema,
  403: DetailSchema,
  404: DetailSchema,
  409: DetailSchema,
};
export const Id = z.object({ id: z.string().min(1).max(100) });
export const tags = ['admin'];
