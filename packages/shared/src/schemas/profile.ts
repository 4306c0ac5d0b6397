import { z } from 'zod';
import {
  GOOGLE_ANSWERS,
  MOBILE_DEVICES,
  SIGNUP_STATUSES,
  STATE_CODES,
  TIMEZONES,
  YES_NO,
} from '../constants';
import { parsePhone } from '../rules/phone';
import { LicenseSchema } from './agent';
import { calendarDate } from './dates';
import { monthlyLeadCap, pausedUntil } from './routing';
import { ServiceAreaPatchSchema } from './service-area';

/**
 * What an agent may change on their own record (PATCH /portal/me/agent_profile), with the
 * validation of SPEC.md section 5. Everything else is refused (SECURITY.md item 16).
 */

export const PHONE_MESSAGE = 'Enter a valid phone number, for example (602) 555-0142';

/** A phone number as typed, normalised to E.164 (+16025550142); US numbers need no country code. */
export const PhoneSchema = z
  .string()
  .trim()
  .min(1, 'Phone number is required')
  .max(40, PHONE_MESSAGE)
  .transform((value, ctx) => {
    const parsed = parsePhone(value);
    if (!parsed?.isValid()) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return parsed.number as string;
  });

/** A phone number that may be left empty; when given, normalised like PhoneSchema. */
export const OptionalPhoneSchema = z
  .string()
  .trim()
  .max(40, PHONE_MESSAGE)
  .transform((value, ctx) => {
    if (value === '') return '';
    const parsed = parsePhone(value);
    if (!parsed?.isValid()) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return parsed.number as string;
  });

/** Built once: a schema built for each address checked cost more than the check. */
const EMAIL = z.email();

/** An e-mail address that may be left empty. */
export const OptionalEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .refine((value) => value === '' || EMAIL.safeParse(value).success, {
    message: 'Please enter a valid email address',
  });

export const normalisePhone = (value: string): string | null => {
  const result = PhoneSchema.safeParse(value);
  return result.success ? result.data : null;
};

export const RequiredEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .pipe(z.email({ message: 'Please enter a valid email address' }).max(254));

const requiredText = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} is too long`);

export const ZipSchema = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'Enter a 5-digit ZIP code');
export const StateSchema = z.enum(STATE_CODES as [string, ...string[]], { message: 'Choose a state' });

export const MailingAddressSchema = z.object({
  street: requiredText('Street address'),
  city: requiredText('City', 100),
  state: StateSchema,
  zip: ZipSchema,
});

export const PersonalInfoSchema = z.object({
  agent_first_name: requiredText('First name', 100),
  agent_last_name: requiredText('Last name', 100),
  agent_phone: PhoneSchema,
  mobile_device: z.enum(['android', 'iphone'], { message: 'Choose the kind of phone you use' }),
});

export const ContactInputSchema = z.object({
  name: requiredText('Name'),
  phone: PhoneSchema,
  email: RequiredEmailSchema,
});

export const BrokerOfRecordInputSchema = z
  .object({
    name: requiredText("Broker's name"),
    phone: PhoneSchema,
    email: RequiredEmailSchema,
    is_billing_contact: z.boolean(),
    billing_contact: ContactInputSchema.nullable().default(null),
  })
  .superRefine((broker, ctx) => {
    if (!broker.is_billing_contact && !broker.billing_contact) {
      ctx.addIssue({
        code: 'custom',
        path: ['billing_contact'],
        message: 'Give the billing contact, or say the broker is the billing contact',
      });
    }
  });

export const BrokerageInfoSchema = z.object({
  brokerage: requiredText('Brokerage'),
  broker_of_record: BrokerOfRecordInputSchema,
});

export const GoogleAnswersSchema = z.object({
  lsa: z.enum(GOOGLE_ANSWERS),
  ads: z.enum(GOOGLE_ANSWERS),
  e_o_to_google: z.enum(GOOGLE_ANSWERS),
  homesnap_or_other: z.enum(GOOGLE_ANSWERS),
});

const urlOrEmpty = z.union([
  z.literal(''),
  // http(s) only, with a host: a javascript:, data: or file: address would run or leak when
  // someone opens the link.
  z.url({
    protocol: /^https?$/,
    hostname: z.regexes.domain,
    message: 'Enter a full web address, starting with https://',
  }),
]);

/**
 * Steps sent in a PATCH: only the ones named change. (OnboardingStepsSchema fills every missing
 * step with false, which here would clear the steps the request does not mention.)
 */
export const OnboardingStepsPatchSchema = z.strictObject({
  introduction: z.union([z.boolean(), z.string().max(200)]).optional(),
  my_team: z.boolean().optional(),
  headshots: z.boolean().optional(),
  additional_photos: z.boolean().optional(),
  branding: z.boolean().optional(),
  lead_routing: z.boolean().optional(),
  service_area: z.boolean().optional(),
  broker_of_record: z.boolean().optional(),
  eo_insurance: z.boolean().optional(),
  licenses_details: z.boolean().optional(),
  video_introduction: z.boolean().optional(),
  script_instructions: z.boolean().optional(),
  videos_upload: z.boolean().optional(),
  master_referral_agreement: z.boolean().optional(),
  service_agreement: z.boolean().optional(),
});

/** The fields an agent may set, each optional; unknown fields are refused by name. */
export const AgentProfilePatchSchema = z.strictObject({
  agent_first_name: requiredText('First name', 100).optional(),
  agent_last_name: requiredText('Last name', 100).optional(),
  agent_phone: PhoneSchema.optional(),
  mobile_device: z.enum(MOBILE_DEVICES).optional(),
  timezone: z.enum(TIMEZONES).optional(),
  mailing_address: MailingAddressSchema.optional(),
  brokerage: requiredText('Brokerage').optional(),
  broker_of_record: BrokerOfRecordInputSchema.optional(),
  ra_name: z.string().trim().max(200).optional(),
  ra_address: z.string().trim().max(500).optional(),
  has_real_estate_team: z.enum(YES_NO).optional(),
  real_estate_team_name: z.string().trim().max(200).optional(),
  licensed_states: z.array(LicenseSchema).max(60).optional(),
  has_eo_certificate: z.enum(YES_NO).optional(),
  policy_exp_date: calendarDate('The policy expiry date', 'Enter the policy expiry date')
    .nullable()
    .optional(),
  has_other_photos: z.enum(YES_NO).optional(),
  google: GoogleAnswersSchema.partial().optional(),
  google_business_profile_name: z.string().trim().max(200).optional(),
  gbp_link: urlOrEmpty.optional(),
  google_ads_date: calendarDate('The Google Ads date', 'Enter a date').nullable().optional(),
  scripts_documents_confirm: z.boolean().optional(),
  sms_test: z.enum(['yes', 'no']).optional(),
  email_test: z.enum(['yes', 'no']).optional(),
  crm_email: z.union([z.literal(''), z.email({ message: 'Please enter a valid email address' })]).optional(),
  located_in: z.string().trim().max(200).optional(),
  airport: z.string().trim().max(200).optional(),
  video_photo_address: z.string().trim().max(500).optional(),
  travel_notes: z.string().trim().max(2000).optional(),
  subagents: z
    .array(z.object({ name: requiredText('Name'), tracking_phone: z.string().trim().max(40) }))
    .max(50)
    .optional(),
  subagents_notes: z.string().trim().max(4000).optional(),
  onboarding_steps: OnboardingStepsPatchSchema.optional(),
  signup_status: z.enum(SIGNUP_STATUSES).optional(),
  fsbo: z.boolean().optional(),
  expired: z.boolean().optional(),
  divorced: z.boolean().optional(),
  recent_buyers: z.boolean().optional(),
  absentee: z.boolean().optional(),
  high_sell_score: z.boolean().optional(),
  old_expired: z.boolean().optional(),
  inherited: z.boolean().optional(),
  // service_area_name, states, counties, zipcodes, excluded_cities, excluded_zips
  ...ServiceAreaPatchSchema.shape,
  // routing (ADR 62): a pause until a date (null resumes) and the agent's own cap, lower only
  paused_until: pausedUntil.optional(),
  own_monthly_lead_cap: monthlyLeadCap.optional(),
});
export type AgentProfilePatch = z.infer<typeof AgentProfilePatchSchema>;
