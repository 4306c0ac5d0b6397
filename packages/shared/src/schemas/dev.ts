import { z } from 'zod';

/**
 * GET /dev/templates (embedded mode, superusers): every message the portal writes, rendered with
 * sample data, once per variant that matters (all fields, only the required ones).
 */
export const MessagePreviewSchema = z.object({
  /** The template's stable name, as the outbox records it (lead_email, magic_link...). */
  name: z.string(),
  variant: z.string(),
  channel: z.enum(['email', 'sms', 'call']),
  subject: z.string().nullable(),
  /** The HTML body of an e-mail; texts and calls have none. */
  html: z.string().nullable(),
  text: z.string(),
  /** How many SMS the text takes; null for e-mails and calls. */
  sms_segments: z.number().int().nullable(),
});
export type MessagePreview = z.infer<typeof MessagePreviewSchema>;

export const MessagePreviewsResponseSchema = z.object({ items: z.array(MessagePreviewSchema) });
export type MessagePreviewsResponse = z.infer<typeof MessagePreviewsResponseSchema>;
