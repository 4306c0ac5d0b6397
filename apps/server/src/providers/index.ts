import { mkdirSync } from 'node:fs';
import type { Config } from '../config';
import type { MailProvider } from './mail/interface';
import { OutboxMailProvider } from './mail/outbox';
import { SmtpMailProvider } from './mail/smtp';
import type { StorageProvider } from './storage/interface';
import { LocalStorageProvider } from './storage/local';
import { S3StorageProvider } from './storage/s3';

export interface Providers {
  mail: MailProvider;
  storage: StorageProvider;
}

/** The one place that picks a vendor for each concern from configuration. */
export function createProviders(config: Config): Providers {
  if (!config.s3) mkdirSync(config.uploadsDir, { recursive: true });
  return {
    mail: config.smtpUrl ? new SmtpMailProvider(config.smtpUrl) : new OutboxMailProvider(),
    storage: config.s3
      ? new S3StorageProvider(config.s3)
      : new LocalStorageProvider(config.uploadsDir, config.tokenSecret, config.apiBase),
  };
}
