import { z } from 'zod';
import { OptionalEmailSchema, OptionalPhoneSchema } from './profile';

/** Who receives an agent's leads (SPEC.md sections 3, 5, 8 and 9). */

export const RecipientSchema = z.object({
  _id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  email: z.string(),
  send_sms: z.boolean(),
  send_email: z.boolean(),
  phone_call: z.boolean(),
  is_primary: z.boolean(),
  is_active: z.boolean(),
  /** The first recipient: the agent. */
  is_agent: z.boolean(),
  /**
   * The address's owner confirmed it (the invitation's link, or a recipient sign-in); the agent's
   * own row at the agent's verified account address counts as confirmed. Only then may the
   * agent's e-mail composer write to it (SECURITY.md item 27).
   */
  email_confirmed: z.boolean(),
  /** When the last invitation to confirm the address went out; null when none did. */
  email_invited_at: z.string().nullable(),
});
export type Recipient = z.infer<typeof RecipientSchema>;

const optionalPhone = OptionalPhoneSchema;
const optionalEmail = OptionalEmailSchema;

const RecipientFields = {
  first_name: z.string().trim().min(1, 'First name is required').max(100, 'First name is too long'),
  last_name: z.string().trim().max(100, 'Last name is too long'),
  phone_number: optionalPhone,
  email: optionalEmail,
  send_sms: z.boolean(),
  send_email: z.boolean(),
  phone_call: z.boolean(),
  is_active: z.boolean(),
  is_primary: z.boolean(),
};

/** A channel needs somewhere to go: a text or call needs a phone, an e-mail an address. */
export function recipientChannelProblem(recipient: {
  phone_number: string;
  email: string;
  send_sms: boolean;
  send_email: boolean;
  phone_call: boolean;
}): { path: 'phone_number' | 'email'; message: string } | null {
  if ((recipient.send_sms || recipient.phone_call) && !recipient.phone_number) {
    return { path: 'phone_number', message: 'A phone number is needed for texts and calls' };
  }
  if (recipient.send_email && !recipient.email)
    return { path: 'email', message: 'An e-mail address is needed for e-mails' };
  return null;
}

export const RecipientCreateSchema = z
  .strictObject({
    first_name: RecipientFields.first_name,
    last_name: RecipientFields.last_name.default(''),
    phone_number: optionalPhone.default(''),
    email: optionalEmail.default(''),
    send_sms: z.boolean().default(false),
    send_email: z.boolean().default(false),
    phone_call: z.boolean().default(false),
    is_active: z.boolean().default(true),
    is_primary: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const problem = recipientChannelProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type RecipientCreate = z.input<typeof RecipientCreateSchema>;

export const RecipientUpdateSchema = z.strictObject({
  first_name: RecipientFields.first_name.optional(),
  last_name: RecipientFields.last_name.optional(),
  phone_number: optionalPhone.optional(),
  email: optionalEmail.optional(),
  send_sms: z.boolean().optional(),
  send_email: z.boolean().optional(),
  phone_call: z.boolean().optional(),
  is_active: z.boolean().optional(),
  is_primary: z.boolean().optional(),
});
export type RecipientUpdate = z.input<typeof RecipientUpdateSchema>;

export const RecipientListSchema = z.array(RecipientSchema);

/** The server's detail for an inactive primary (SPEC.md section 5), word for word. */
export const INACTIVE_PRIMARY_DETAIL = 'cannot set recipient as primary when inactive';
/** Leads go first to the primary: someone who is told by no channel cannot be it. */
export const SILENT_PRIMARY_DETAIL =
  'The primary agent must get leads by text, e-mail or phone call: turn on at least one of them first.';

/** True when the recipient would be told of a lead by at least one channel. */
export const hasChannel = (recipient: { send_sms: boolean; send_email: boolean; phone_call: boolean }) =>
  recipient.send_sms || recipient.send_email || recipient.phone_call;

/** POST /portal/me/recipients/:id/resend-confirmation and its refusals. */
export const RECIPIENT_INVITATION_DETAIL = {
  sent: 'Invitation sent: the recipient confirms their address with the link in it.',
  noEmail: 'This recipient has no e-mail address to confirm.',
  alreadyConfirmed: 'This address is already confirmed.',
} as const;

/** POST /recipient/confirm-email: a link that is not (or no longer) good. */
export const RECIPIENT_CONFIRM_FAILED =
  'This confirmation link does not work any more: it was used already, replaced by a newer invitation, or has expired. Ask the agent to send a new invitation.';

export const RecipientConfirmRequestSchema = z.object({ token: z.string().min(1).max(4096) });
export const RecipientConfirmResponseSchema = z.object({
  detail: z.string(),
  email: z.string(),
  agent_name: z.string(),
});
export type RecipientConfirmResponse = z.infer<typeof RecipientConfirmResponseSchema>;

export const AGENT_RECIPIENT_REMOVAL_DETAIL = 'The main agent always receives leads and cannot be removed.';

/** Toasts of SPEC.md section 8. */
export const RECIPIENT_TOASTS = {
  added: 'Recipient added successfully',
  addFailed: 'Failed to add recipient',
  updated: 'Recipient updated successfully',
  updateFailedTitle: 'Update Failed',
  updateFailed: 'Failed to update recipient',
  invalidStatusTitle: 'Invalid Status',
  invalidStatus: 'Cannot set an inactive recipient as primary agent',
  invalidStatusDurationMs: 5000,
  removed: 'Recipient removed successfully',
  removeFailed: 'Failed to remove recipient',
  crmUpdated: 'CRM email updated successfully',
  crmFailed: 'Failed to update CRM email',
} as const;
