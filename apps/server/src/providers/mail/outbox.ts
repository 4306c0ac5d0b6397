import type { MailMessage, MailProvider } from './interface';

/**
 * Embedded default: nothing leaves the machine. The message stays in the outbox table,
 * where the dev mailbox (/dev/mailbox) shows it with its links.
 */
export class OutboxMailProvider implements MailProvider {
  readonly name = 'outbox';
  async send(message: MailMessage) {
    return { providerMessageId: `outbox:${message.id}` };
  }
}
