import { z } from 'zod';

/**
 * The agent's e-mail composer: POST /portal/agents/send-email (SPEC.md section 7) and the
 * addresses it may use. SECURITY.md item 17: never an open relay, no header injection.
 */

export const EMAIL_SUBJECT_MAX = 200;
/** The message as the editor wrote it, before the server sanitises it. */
export const EMAIL_MESSAGE_MAX = 50_000;
export const EMAIL_MESSAGE_PLACEHOLDER = 'Type your message here…';

/**
 * What goes into a mail header: CR/LF would start a new header ("Bcc: ..."), other control
 * characters and the Unicode line separators have no business there either. Checked before
 * trimming, so a trailing CR/LF is refused rather than quietly removed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const HEADER_UNSAFE = /[\u0000-\u001f\u007f\u2028\u2029]/;
const headerSafe = (label: string) =>
  z.string({ message: `${label} is required` }).refine((value) => !HEADER_UNSAFE.test(value), {
    message: `${label} cannot contain line breaks or control characters`,
    abort: true,
  });

const headerEmail = (label: string) =>
  headerSafe(label)
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: `${label} must be a valid e-mail address` }).max(254, `${label} is too long`));

export const SendEmailRequestSchema = z.object({
  from_email: headerEmail('From'),
  to: headerEmail('To'),
  subject: headerSafe('Subject')
    .trim()
    .min(1, 'Subject is required')
    .max(EMAIL_SUBJECT_MAX, `Subject is too long (at most ${EMAIL_SUBJECT_MAX} characters)`),
  /** HTML: the server keeps paragraphs, line breaks, bold, italic, lists and links only. */
  message: z
    .string({ message: 'Message is required' })
    .min(1, 'Message is required')
    .max(EMAIL_MESSAGE_MAX, 'Message is too long (at most 50,000 characters)'),
  /** The lead the mail is about: it goes on that lead's timeline. */
  lead_id: z.uuid({ message: 'Lead not found' }).optional(),
});
export type SendEmailRequest = z.input<typeof SendEmailRequestSchema>;

/** 202: the mail is in the outbox; delivery follows in the background. */
export const SendEmailResponseSchema = z.object({
  status: z.literal('queued'),
  message_id: z.string(),
});
export type SendEmailResponse = z.infer<typeof SendEmailResponseSchema>;

export const SendEmailOptionsQuerySchema = z.object({
  lead_id: z.uuid({ message: 'Lead not found' }).optional(),
});

export const EmailAddressOptionSchema = z.object({
  email: z.string(),
  /** "Pat Owner (lead)", "Riley Recipient (recipient)", "Your address", "The office". */
  label: z.string(),
  kind: z.enum(['own', 'office', 'lead', 'recipient']),
});
export type EmailAddressOption = z.infer<typeof EmailAddressOptionSchema>;

/**
 * GET /portal/agents/send-email/options: the addresses the composer may offer, as the server
 * will check them: From (the agent's verified address, the office), To (the lead, the
 * agent's recipients with a confirmed e-mail). `awaiting_confirmation` lists the recipients'
 * addresses not offered because their owner has not confirmed them yet (SECURITY.md item 27).
 */
export const SendEmailOptionsSchema = z.object({
  from: z.array(EmailAddressOptionSchema),
  to: z.array(EmailAddressOptionSchema),
  awaiting_confirmation: z.array(EmailAddressOptionSchema),
});
export type SendEmailOptions = z.infer<typeof SendEmailOptionsSchema>;

export const SEND_EMAIL_DETAIL = {
  foreignTarget: 'You can only write to your own leads and recipients',
  unconfirmedRecipient:
    'This recipient has not confirmed their e-mail address yet: you can write to them once they open the link in the invitation we sent them. You can resend the invitation from your routing list.',
  otherLead:
    'From this lead you can write to the lead or to your recipients; open the other lead to write to it',
  foreignSender: 'You can send only from your own verified address or the office address',
  unverifiedSender: 'Verify your e-mail address before sending from it, or send from the office address',
  emptyMessage: 'message: Write a message before sending (formatting alone is not a message)',
} as const;
