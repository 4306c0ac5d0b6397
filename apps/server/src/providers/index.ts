import { mkdirSync } from 'node:fs';
import type { Config } from '../config';
import type { MailProvider } from './mail/interface';
import { OutboxMailProvider } from './mail/outbox';
import { SmtpMailProvider } from './mail/smtp';
import { BuiltinSigningProvider } from './signing/builtin';
import { DigiSignerSigningProvider } from './signing/digisigner';
import type { SigningProvider } from './signing/interface';
import type { SmsProvider } from './sms/interface';
import { OutboxSmsProvider } from './sms/outbox';
import { TwilioSmsProvider } from './sms/twilio';
import { UnconfiguredSmsProvider } from './sms/unconfigured';
import type { StorageProvider } from './storage/interface';
import { LocalStorageProvider } from './storage/local';
import { S3StorageProvider } from './storage/s3';

export interface Providers {
  mail: MailProvider;
  sms: SmsProvider;
  storage: StorageProvider;
  signing: SigningProvider;
}

/** The one place that picks a vendor for each concern from configuration. */
export function createProviders(config: Config): Providers {
  if (!config.s3) mkdirSync(config.uploadsDir, { recursive: true });
  return {
    mail: config.smtpUrl ? new SmtpMailProvider(config.smtpUrl) : new OutboxMailProvider(),
    // Embedded and development keep texts in the outbox; production never pretends to send one.
    sms: config.twilio
      ? new TwilioSmsProvider(config.twilio)
      : config.production
        ? new UnconfiguredSmsProvider()
        : new OutboxSmsProvider(),
    storage: config.s3
      ? new S3StorageProvider(config.s3)
      : new LocalStorageProvider(config.uploadsDir, config.tokenSecret, config.apiBase),
    // The portal collects the signatures itself unless a DigiSigner account is configured.
    signing: config.digisigner
      ? new DigiSignerSigningProvider(config.digisigner)
      : new BuiltinSigningProvider(),
  };
}
