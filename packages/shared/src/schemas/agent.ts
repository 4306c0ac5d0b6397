import { z } from 'zod';
import {
  AGENT_STATUSES,
  GOOGLE_ANSWERS,
  MOBILE_DEVICES,
  RATING_TRENDS,
  SIGNUP_STATUSES,
  STATE_CODES,
  TEST_STATES,
  TIMEZONES,
  YES_NO,
} from '../constants';
import { calendarDate } from './dates';
import { AgentCapacitySchema } from './routing';

/** The agent record of SPEC.md section 3, as the API returns it. */

export const optionalEmail = z.union([
  z.email({ message: 'Please enter a valid email address' }),
  z.literal(''),
]);
export const StateCodeSchema = z.union([z.enum(STATE_CODES as [string, ...string[]]), z.literal('')]);

export const LicenseSchema = z.object({
  license_number: z.string().trim().min(1, 'License number is required'),
  exp_date: calendarDate('The expiry date').nullable().default(null),
  state: z.string().trim().min(1, 'State is required'),
  type: z.string().trim().min(1, 'License type is required'),
});

export const AgentRecipientSchema = z.object({
  first_name: z.string().trim().min(1, 'First name is required'),
  last_name: z.string().default(''),
  phone_number: z.string().default(''),
  email: z.string().default(''),
  send_sms: z.boolean().default(false),
  send_email: z.boolean().default(false),
  phone_call: z.boolean().default(false),
});

export const ContactSchema = z.object({
  name: z.string().default(''),
  phone: z.string().default(''),
  email: optionalEmail.default(''),
});

export const BrokerOfRecordSchema = z.object({
  name: z.string().default(''),
  phone: z.string().default(''),
  email: optionalEmail.default(''),
  is_billing_contact: z.boolean().default(false),
  billing_contact: ContactSchema.nullable().default(null),
});

export const GoogleSchema = z.object({
  lsa: z.enum(GOOGLE_ANSWERS).default('pending'),
  ads: z.enum(GOOGLE_ANSWERS).default('pending'),
  e_o_to_google: z.enum(GOOGLE_ANSWERS).default('pending'),
  homesnap_or_other: z.enum(GOOGLE_ANSWERS).default('pending'),
});

export const OnboardingStepsSchema = z.object({
  introduction: z.union([z.boolean(), z.string()]).default(false),
  my_team: z.boolean().default(false),
  headshots: z.boolean().default(false),
  additional_photos: z.boolean().default(false),
  branding: z.boolean().default(false),
  lead_routing: z.boolean().default(false),
  service_area: z.boolean().default(false),
  broker_of_record: z.boolean().default(false),
  eo_insurance: z.boolean().default(false),
  licenses_details: z.boolean().default(false),
  video_introduction: z.boolean().default(false),
  script_instructions: z.boolean().default(false),
  videos_upload: z.boolean().default(false),
  master_referral_agreement: z.boolean().default(false),
  service_agreement: z.boolean().default(false),
});
export type OnboardingSteps = z.infer<typeof OnboardingStepsSchema>;

export const DocumentSchema = z.object({
  url: z.string().nullable().default(null),
  id: z.string().nullable().default(null),
  document_id: z.string().nullable().default(null),
  created_date: z.string().nullable().default(null),
  status: z.string().nullable().default(null),
  document_url: z.string().nullable().default(null),
  email_sent: z.boolean().default(false),
  agent_status: z.string().nullable().optional(),
  broker_status: z.string().nullable().optional(),
});

export const GroupMembershipSchema = z.object({
  group_id: z.string(),
  group_name: z.string(),
  is_manager: z.boolean(),
});
export type GroupMembership = z.infer<typeof GroupMembershipSchema>;

export const CorporateAffiliationSchema = z.object({
  id: z.string(),
  email: optionalEmail,
  name: z.string().nullable(),
  is_active: z.boolean(),
  is_verified: z.boolean(),
  user_role: z.string(),
  preferences: z.record(z.string(), z.unknown()).nullable(),
});

export const LeadsCountSchema = z.object({
  l_7: z.number().default(0),
  l_14: z.number().default(0),
  l_21: z.number().default(0),
  l_30: z.number().default(0),
  l_45: z.number().default(0),
  l_60: z.number().default(0),
  l_90: z.number().default(0),
  total_leads: z.number().default(0),
  update_date: z.string().nullable().default(null),
});

export const AnswerRateSchema = z.object({
  total_leads: z.number().default(0),
  missed_calls: z.number().default(0),
  answered_calls: z.number().default(0),
});

export const AgentRecordSchema = z.object({
  id: z.string(),
  // identity
  agentID: z.number(),
  supabaseId: z.string().nullable(),
  wp_id: z.number().nullable(),
  agent: z.string(),
  agent_first_name: z.string(),
  agent_last_name: z.string(),
  agent_uri: z.string(),
  agent_email: optionalEmail,
  agent_phone: z.string(),
  brokerage: z.string(),
  created_by_id: z.string().nullable(),
  created_by_name: z.string().nullable(),
  corporate_user_id: z.string().nullable(),
  corporate_user_name: z.string().nullable(),
  user: z.unknown().nullable(),
  corporate_user: z.unknown().nullable(),
  crm_email: z.string(),
  // location and device
  located_in: z.string(),
  airport: z.string(),
  location_confirmed: z.boolean(),
  video_photo_address: z.string(),
  travel_notes: z.string(),
  mobile_device: z.enum(MOBILE_DEVICES),
  timezone: z.enum(TIMEZONES),
  mailing_address: z
    .object({ street: z.string(), city: z.string(), state: StateCodeSchema, zip: z.string() })
    .nullable(),
  // licences
  licensed_states: z.array(LicenseSchema).nullable(),
  // recipients
  recipients: z.array(AgentRecipientSchema),
  // tests and team
  sms_test: z.enum(TEST_STATES),
  email_test: z.enum(TEST_STATES),
  has_real_estate_team: z.enum(YES_NO),
  real_estate_team_name: z.string(),
  brokerage_logo_urls: z.array(z.string()),
  team_logo_urls: z.array(z.string()),
  // service area
  service_area_name: z.string(),
  counties: z.array(z.object({ county_name: z.string(), state: z.string() })),
  states: z.array(z.object({ short: z.string(), long: z.string() })),
  states_serviced: z.array(z.string()),
  excluded_cities: z.array(z.object({ city_name: z.string() })).nullable(),
  excluded_zips: z.array(z.string()),
  zipcodes: z.array(z.string()),
  // media
  agent_headshots_urls: z.array(z.string()),
  has_other_photos: z.enum(YES_NO),
  other_photos_urls: z.array(z.string()),
  has_eo_certificate: z.enum(YES_NO),
  eo_certificate: z.string(),
  policy_exp_date: z.string().nullable(),
  videos_fsbo_urls: z.array(z.string()),
  videos_others_urls: z.array(z.string()),
  agent_image_cover_url: z.string(),
  agent_image_profile_url: z.string(),
  agent_image_coffee_url: z.string(),
  // advertising
  google: GoogleSchema,
  google_business_profile_name: z.string(),
  google_notes: z.string(),
  gbp_link: z.string(),
  google_sheet_id: z.string(),
  google_ads_date: z.string().nullable(),
  scripts_documents_confirm: z.boolean(),
  // phone
  dial_out_num: z.string(),
  dial_out_num_seller: z.string(),
  agent_tracking_phone_number: z.string(),
  additional_tracking_phone_numbers: z.array(z.string()),
  agent_call_notes: z.string(),
  // money and totals
  total_closings: z.number(),
  total_gross_commission_earned: z.number(),
  total_fees_paid: z.number(),
  total_ad_spend: z.number(),
  deposit_amount_paid: z.number(),
  refund: z.object({ refunded: z.boolean(), amount: z.number(), notes: z.string() }),
  // onboarding
  onboarding_steps: OnboardingStepsSchema,
  onboarding_completed_override: z.boolean(),
  sign_up_date: z.string().nullable(),
  onboarding_date: z.string().nullable(),
  agent_status: z.enum(AGENT_STATUSES),
  signup_status: z.enum(SIGNUP_STATUSES),
  // niches
  fsbo: z.boolean(),
  expired: z.boolean(),
  divorced: z.boolean(),
  recent_buyers: z.boolean(),
  absentee: z.boolean(),
  high_sell_score: z.boolean(),
  old_expired: z.boolean(),
  inherited: z.boolean(),
  // sub-agents
  subagents: z.array(z.object({ name: z.string(), tracking_phone: z.string() })),
  subagents_notes: z.string(),
  // broker of record
  broker_of_record: BrokerOfRecordSchema.nullable(),
  ra_name: z.string(),
  ra_address: z.string(),
  // documents
  master_document: z.unknown().nullable(),
  service_document: z.unknown().nullable(),
  service_document_areas: z.string(),
  access_code: z.string(),
  // statistics
  answer_rate: AnswerRateSchema,
  leads_count: LeadsCountSchema,
  // portal preferences
  can_see_portal_onboarding: z.boolean().nullable(),
  can_see_portal_zips: z.boolean().nullable(),
  can_see_portal_recipients: z.boolean().nullable(),
  group_memberships: z.array(GroupMembershipSchema),
  corporate_affiliation: CorporateAffiliationSchema.nullable(),
  // ratings
  last_rating_date: z.string().nullable(),
  rating_count: z.number(),
  average_rating: z.number().nullable(),
  latest_rating: z.number().nullable(),
  rating_trend: z.enum(RATING_TRENDS).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  // routing (ADR 62): pause, the caps and this month's leads
  ...AgentCapacitySchema.shape,
});
export type AgentRecord = z.infer<typeof AgentRecordSchema>;

/** POST /portal/me/rating: the agent scores the quality of their leads (DESIGN.md section 7). */
export const RatingRequestSchema = z.object({
  score: z.number().int().min(1, 'Choose a score from 1 to 5').max(5, 'Choose a score from 1 to 5'),
  comment: z.string().trim().max(2000, 'Keep the comment under 2000 characters').optional().default(''),
});
export type RatingRequest = z.infer<typeof RatingRequestSchema>;
