import type { Config } from '../config';
import type { MailProvider } from './mail/interface';
import { OutboxMailProvider } from './mail/outbox';
import { SmtpMailProvider } from './mail/smtp';

export interface Providers {
  mail: MailProvider;
}

/** The one place that picks a vendor for each concern from configuration. */
export function createProviders(config: Config): Providers {
  return {
    mail: config.smtpUrl ? new SmtpMailProvider(config.smtpUrl) : new OutboxMailProvider(),
  };
}
