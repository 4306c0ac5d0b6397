export interface MailMessage {
  /** Stable id: the provider uses it to make a retried send recognisable. */
  id: string;
  to: string;
  from: string;
  /** Where replies go (never a forged From). */
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: { filename: string; contentType: string; content: string }[];
}

export interface MailProvider {
  readonly name: string;
  /** Hands the message over; resolves with the provider's id or throws to be retried. */
  send(message: MailMessage): Promise<{ providerMessageId: string }>;
  close?(): Promise<void>;
}
