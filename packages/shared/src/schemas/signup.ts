import { z } from 'zod';
import { instant } from './dates';

/** The onboarding call of the signup wizard's zoom step. */
export const CallSlotSchema = z.object({ starts_at: z.string(), ends_at: z.string() });
export type CallSlot = z.infer<typeof CallSlotSchema>;

export const CallSlotsResponseSchema = z.object({
  /** The agent's time zone: the wizard shows every slot in it. */
  timezone: z.string(),
  slots: z.array(CallSlotSchema),
});

export const OnboardingCallSchema = z.object({
  id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  timezone: z.string(),
  join_url: z.string().nullable(),
});
export type OnboardingCall = z.infer<typeof OnboardingCallSchema>;

export const BookCallRequestSchema = z.object({
  starts_at: instant('The call time', 'Choose a time'),
});
export const OnboardingCallResponseSchema = z.object({ call: OnboardingCallSchema.nullable() });

/** An IANA zone name for a time zone choice; "Pending" has none, so Eastern time is shown. */
export const displayTimeZone = (timezone: string | null | undefined) =>
  timezone && timezone !== 'Pending' ? timezone : 'America/New_York';
