import {
  AgentProfilePatchSchema,
  type AgentRecord,
  LEAD_TYPES,
  type LeadType,
  MailingAddressSchema,
  OptionalPhoneSchema,
  PhoneSchema,
} from '@portal/shared';
import { z } from 'zod';
import type { AgentProfilePatchInput } from '@/lib/agent-profile-api';
import { formatPhone } from '@/lib/format-phone';

const fields = AgentProfilePatchSchema.shape;

/** The two phones an agent can choose; "pending" only means "not answered yet". */
export const DeviceSchema = fields.mobile_device.unwrap().exclude(['pending']);
/** The six US zones; "Pending" only means "not chosen yet". */
export const ZoneSchema = fields.timezone.unwrap().exclude(['Pending']);
export type Zone = z.infer<typeof ZoneSchema>;
export const ZONES = ZoneSchema.options;

/** Runs `schema` on the value and reports its messages at the same place in the form. */
function checkedBy<T>(schema: z.ZodType<T>) {
  return (value: unknown, ctx: z.RefinementCtx): T => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  };
}

const blank = (address: Record<string, string>) => Object.values(address).every((part) => part.trim() === '');

const LeadTypesSchema = z.object(
  Object.fromEntries(LEAD_TYPES.map((type) => [type, fields[type].unwrap()])) as Record<
    LeadType,
    z.ZodBoolean
  >,
);

/**
 * The details form: the profile PATCH rules for each field. A phone number or an address on file
 * can be changed but not removed (the PATCH has no way to clear them); without one, the field may
 * stay empty and is then not sent.
 */
export function detailsFormSchema({
  phoneRequired,
  addressRequired,
}: {
  phoneRequired: boolean;
  addressRequired: boolean;
}) {
  return z.object({
    agent_first_name: fields.agent_first_name.unwrap(),
    agent_last_name: fields.agent_last_name.unwrap(),
    agent_phone: z.string().transform(checkedBy(phoneRequired ? PhoneSchema : OptionalPhoneSchema)),
    mailing_address: z
      .object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string() })
      .transform((address, ctx) =>
        !addressRequired && blank(address) ? null : checkedBy(MailingAddressSchema)(address, ctx),
      ),
    mobile_device: DeviceSchema.optional(),
    timezone: ZoneSchema.optional(),
    lead_types: LeadTypesSchema,
  });
}

export type DetailsFormSchema = ReturnType<typeof detailsFormSchema>;
export type DetailsFormInput = z.input<DetailsFormSchema>;
export type DetailsFormOutput = z.output<DetailsFormSchema>;

/** What the form shows for a record: phone numbers as people write them, unset choices empty. */
export function detailsFormValues(agent: AgentRecord): DetailsFormInput {
  return {
    agent_first_name: agent.agent_first_name,
    agent_last_name: agent.agent_last_name,
    agent_phone: formatPhone(agent.agent_phone),
    mailing_address: agent.mailing_address ?? { street: '', city: '', state: '', zip: '' },
    mobile_device: agent.mobile_device === 'pending' ? undefined : agent.mobile_device,
    timezone: agent.timezone === 'Pending' ? undefined : agent.timezone,
    lead_types: Object.fromEntries(LEAD_TYPES.map((type) => [type, agent[type]])) as Record<
      LeadType,
      boolean
    >,
  };
}

const sameAddress = (a: AgentRecord['mailing_address'], b: AgentRecord['mailing_address']) =>
  a?.street === b?.street && a?.city === b?.city && a?.state === b?.state && a?.zip === b?.zip;

/**
 * Only what differs from the record, compared after normalising (a phone number typed another
 * way, or a name with spaces around it, is no change). An address is sent whole.
 */
export function detailsPatch(agent: AgentRecord, values: DetailsFormOutput): AgentProfilePatchInput {
  const patch: AgentProfilePatchInput = {};
  if (values.agent_first_name !== agent.agent_first_name) patch.agent_first_name = values.agent_first_name;
  if (values.agent_last_name !== agent.agent_last_name) patch.agent_last_name = values.agent_last_name;
  if (values.agent_phone !== '' && values.agent_phone !== agent.agent_phone) {
    patch.agent_phone = values.agent_phone;
  }
  if (values.mailing_address && !sameAddress(values.mailing_address, agent.mailing_address)) {
    patch.mailing_address = values.mailing_address;
  }
  if (values.mobile_device && values.mobile_device !== agent.mobile_device) {
    patch.mobile_device = values.mobile_device;
  }
  if (values.timezone && values.timezone !== agent.timezone) patch.timezone = values.timezone;
  for (const type of LEAD_TYPES) {
    if (values.lead_types[type] !== agent[type]) patch[type] = values.lead_types[type];
  }
  return patch;
}

/** The form's parts, in page order, by the fields each holds (for "unsaved changes in ..."). */
export const DETAILS_SECTIONS = [
  { title: 'Name', fields: ['agent_first_name', 'agent_last_name'] },
  { title: 'Contact', fields: ['agent_phone', 'mailing_address'] },
  { title: 'Phone type', fields: ['mobile_device'] },
  { title: 'Time zone', fields: ['timezone'] },
  { title: 'Lead types', fields: ['lead_types'] },
] as const satisfies readonly { title: string; fields: readonly (keyof DetailsFormInput)[] }[];

/** The titles of the sections with a changed field. */
export function dirtySections(dirty: Partial<Record<keyof DetailsFormInput, unknown>>): string[] {
  return DETAILS_SECTIONS.filter((section) => section.fields.some((field) => dirty[field])).map(
    (section) => section.title,
  );
}
