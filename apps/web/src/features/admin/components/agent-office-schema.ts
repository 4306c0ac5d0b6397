// The office-owned fields of an agent as a form: text in the inputs, turned into the PATCH body
// and checked by the shared AdminAgentPatchSchema, so the form says what the server would say.
// Fees paid, deposit and refund are not among them: the ledger computes them (ADR 66).
import {
  type AdminAgentPatch,
  AdminAgentPatchSchema,
  type AgentRecord,
  GOOGLE_ANSWERS,
} from '@portal/shared';
import { z } from 'zod';

export const GOOGLE_FIELDS = [
  { key: 'lsa', label: 'Local Services Ads' },
  { key: 'ads', label: 'Google Ads' },
  { key: 'e_o_to_google', label: 'E&O sent to Google' },
  { key: 'homesnap_or_other', label: 'Homesnap or other' },
] as const;

export const GOOGLE_ANSWER_LABELS: Record<(typeof GOOGLE_ANSWERS)[number], string> = {
  pending: 'Pending',
  yes: 'Yes',
  no: 'No',
  '': 'Not asked',
};

const wholeNumber = z.string().trim().regex(/^\d*$/, 'The WordPress id is a whole number (or empty)');
const amount = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, `${label}: enter an amount in dollars, e.g. 1500 or 99.50 (0 if none)`);

const googleAnswer = z.enum(GOOGLE_ANSWERS);

const OfficeFormFields = z.object({
  wp_id: wholeNumber,
  agent_uri: z.string(),
  agent_tracking_phone_number: z.string(),
  /** One number a line. */
  additional_tracking_phone_numbers: z.string(),
  dial_out_num: z.string(),
  dial_out_num_seller: z.string(),
  google: z.object({
    lsa: googleAnswer,
    ads: googleAnswer,
    e_o_to_google: googleAnswer,
    homesnap_or_other: googleAnswer,
  }),
  google_business_profile_name: z.string(),
  gbp_link: z.string(),
  google_sheet_id: z.string(),
  google_ads_date: z.string(),
  google_notes: z.string(),
  total_ad_spend: amount('Ad spend'),
  onboarding_completed_override: z.boolean(),
  agent_call_notes: z.string(),
  subagents_notes: z.string(),
});
export type OfficeFormValues = z.input<typeof OfficeFormFields>;

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Every office-owned field the form holds, in the PATCH body's shape. */
type OfficePatch = Required<
  Pick<
    AdminAgentPatch,
    | 'wp_id'
    | 'agent_uri'
    | 'agent_tracking_phone_number'
    | 'additional_tracking_phone_numbers'
    | 'dial_out_num'
    | 'dial_out_num_seller'
    | 'google'
    | 'google_business_profile_name'
    | 'gbp_link'
    | 'google_sheet_id'
    | 'google_ads_date'
    | 'google_notes'
    | 'total_ad_spend'
    | 'onboarding_completed_override'
    | 'agent_call_notes'
    | 'subagents_notes'
  >
>;

export const officeFormSchema = OfficeFormFields.transform(
  (form): OfficePatch => ({
    ...form,
    wp_id: form.wp_id === '' ? null : Number(form.wp_id),
    additional_tracking_phone_numbers: lines(form.additional_tracking_phone_numbers),
    google_ads_date: form.google_ads_date === '' ? null : form.google_ads_date,
    total_ad_spend: Number(form.total_ad_spend),
  }),
).pipe(AdminAgentPatchSchema as unknown as z.ZodType<OfficePatch, OfficePatch>);

export function officeFormValues(agent: AgentRecord): OfficeFormValues {
  return {
    wp_id: agent.wp_id === null ? '' : String(agent.wp_id),
    agent_uri: agent.agent_uri,
    agent_tracking_phone_number: agent.agent_tracking_phone_number,
    additional_tracking_phone_numbers: agent.additional_tracking_phone_numbers.join('\n'),
    dial_out_num: agent.dial_out_num,
    dial_out_num_seller: agent.dial_out_num_seller,
    google: { ...agent.google },
    google_business_profile_name: agent.google_business_profile_name,
    gbp_link: agent.gbp_link,
    google_sheet_id: agent.google_sheet_id,
    google_ads_date: agent.google_ads_date?.slice(0, 10) ?? '',
    google_notes: agent.google_notes,
    total_ad_spend: String(agent.total_ad_spend),
    onboarding_completed_override: agent.onboarding_completed_override,
    agent_call_notes: agent.agent_call_notes,
    subagents_notes: agent.subagents_notes,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Only the fields that differ from the record: a save never rewrites what it did not touch. */
export function changedFields(agent: AgentRecord, values: OfficePatch): Partial<OfficePatch> {
  const record = agent as unknown as Record<string, unknown>;
  const google_ads_date = agent.google_ads_date?.slice(0, 10) ?? null;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const before = key === 'google_ads_date' ? google_ads_date : record[key];
    if (!same(before, value)) patch[key] = value;
  }
  return patch as Partial<OfficePatch>;
}
