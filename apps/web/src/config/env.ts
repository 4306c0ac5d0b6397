import { z } from 'zod';

/**
 * The only reader of import.meta.env. VITE_API_BASE points the portal at another API host;
 * by default the API is served by the same origin under /api.
 */
const EnvSchema = z.object({
  VITE_API_BASE: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : '/api')),
  VITE_APP_NAME: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || 'Agent Referral Portal'),
});

const parsed = EnvSchema.parse({
  VITE_API_BASE: import.meta.env.VITE_API_BASE,
  VITE_APP_NAME: import.meta.env.VITE_APP_NAME,
});

export const env = {
  apiBase: parsed.VITE_API_BASE,
  appName: parsed.VITE_APP_NAME,
} as const;
