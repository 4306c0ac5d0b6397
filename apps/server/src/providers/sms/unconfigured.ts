import { type SmsMessage, type SmsProvider, SmsProviderError } from './interface';

/**
 * Production without an SMS vendor: a text cannot be "sent" to nowhere. Each one fails at once
 * with a message the office can act on, and the API reports the failure like any other.
 */
export class UnconfiguredSmsProvider implements SmsProvider {
  readonly name = 'unconfigured';
  async send(_message: SmsMessage): Promise<{ providerMessageId: string }> {
    throw new SmsProviderError(
      'Text messages are not set up on this server (TWILIO_* settings are missing).',
      {
        permanent: true,
      },
    );
  }
  async call(_message: SmsMessage): Promise<{ providerMessageId: string }> {
    throw new SmsProviderError('Phone calls are not set up on this server (TWILIO_* settings are missing).', {
      permanent: true,
    });
  }
}
