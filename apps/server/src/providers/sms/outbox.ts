import type { SmsMessage, SmsProvider } from './interface';

/**
 * Embedded default: nothing leaves the machine. The message stays in the outbox table, where
 * the dev mailbox (/dev/mailbox) lists it as channel 'sms'.
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  async send(message: SmsMessage) {
    return { providerMessageId: `outbox:${message.id}` };
  }
  /** The call's script stays in the outbox too, listed as channel 'call'. */
  async call(message: SmsMessage) {
    return { providerMessageId: `outbox:${message.id}` };
  }
}
