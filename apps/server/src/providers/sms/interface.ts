export interface SmsMessage {
  /** Stable outbox id, for the provider's logs and our own. */
  id: string;
  /** E.164, e.g. +16025550142. */
  to: string;
  from: string;
  body: string;
}

export interface SmsProvider {
  readonly name: string;
  /** Hands the message over; resolves with the provider's id or throws to be retried. */
  send(message: SmsMessage): Promise<{ providerMessageId: string }>;
  /** Places a call that reads `body` out when answered (a lead's call notification). */
  call(message: SmsMessage): Promise<{ providerMessageId: string }>;
}

/**
 * A provider's refusal. `permanent` means sending the same message again cannot succeed (an
 * invalid or unreachable number): the outbox marks it failed at once instead of retrying.
 */
export class SmsProviderError extends Error {
  readonly permanent: boolean;
  readonly code: string | number | undefined;
  readonly status: number | undefined;
  /** The provider asked us to wait this long before trying again (HTTP 429 Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    message: string,
    options: {
      permanent?: boolean;
      code?: string | number;
      status?: number;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.name = 'SmsProviderError';
    this.permanent = options.permanent ?? false;
    this.code = options.code;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
