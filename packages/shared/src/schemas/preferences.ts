import { z } from 'zod';
import { LEADS_VIEWS } from '../rules/preferences';

/**
 * PATCH /portal/me/preferences: what a signed-in user chooses for themselves, kept on the server
 * (users.preferences) so that it follows them from one browser to the next.
 */
export const UserPreferencesSchema = z.object({
  /** How /leads shows the queue. */
  leads_view: z.enum(LEADS_VIEWS).default('table'),
  /** A sound when a new lead arrives on an open page. */
  lead_sound: z.boolean().default(false),
  /** The daily agenda e-mail at 7:30 in the agent's time zone. */
  agenda_email: z.boolean().default(true),
  /** The offices' weekly digest e-mail. */
  digest_email: z.boolean().default(true),
});
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;

export const UserPreferencesPatchSchema = z.strictObject({
  leads_view: z
    .enum(LEADS_VIEWS, { message: `leads_view must be one of ${LEADS_VIEWS.join(', ')}` })
    .optional(),
  lead_sound: z.boolean({ message: 'lead_sound must be true or false' }).optional(),
  agenda_email: z.boolean({ message: 'agenda_email must be true or false' }).optional(),
  digest_email: z.boolean({ message: 'digest_email must be true or false' }).optional(),
});
export type UserPreferencesPatch = z.infer<typeof UserPreferencesPatchSchema>;

/** A user's stored preferences with every default filled in (unknown keys are dropped). */
export const readPreferences = (stored: unknown): UserPreferences =>
  UserPreferencesSchema.parse(
    Object.fromEntries(
      Object.entries((stored as Record<string, unknown> | null) ?? {}).filter(([key, value]) => {
        const field = UserPreferencesSchema.shape[key as keyof UserPreferences];
        return field ? field.safeParse(value).success : false;
      }),
    ),
  );
