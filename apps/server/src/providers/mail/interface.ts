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
  /**
   * Its connections count against an account-wide limit (SMTP): the dispatcher holds a slot for
   * each one it may open, across processes, and closes them (`close`) before giving slots back.
   */
  readonly connectionLimited?: boolean;
  /** Hands the message over; resolves with the provider's id or throws to be retried. */
  send(message: MailMessage): Promise<{ providerMessageId: string }>;
  /** Closes what is open; a later send opens again. */
  close?(): Promise<void>;
  /** Closes idle connections beyond `keep` (slots were lost); busy ones close on a later call. */
  trim?(keep: number): Promise<void>;
}
