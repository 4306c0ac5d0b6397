import { SMTP_CONNECTIONS_MAX } from '@portal/shared';
import type { Transporter } from 'nodemailer';
import type { MailMessage, MailProvider } from './interface';

/** Production adapter: any SMTP server, configured by SMTP_URL (smtp:// or smtps://). */
export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  private transport: Promise<Transporter> | null = null;

  constructor(private readonly url: string) {}

  /** nodemailer loads with the first message, not when the server starts. */
  private connect(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then((nodemailer) => this.createTransport(nodemailer));
    return this.transport;
  }

  private createTransport(nodemailer: typeof import('nodemailer')): Transporter {
    // A pool: connections stay open between messages. It opens one only when every open one is
    // busy, so the dispatcher's concurrency (settings > provider_limits.smtp_connections) is how
    // many are used; SMTP_CONNECTIONS_MAX is only the ceiling.
    return nodemailer.createTransport({
      url: this.url,
      pool: true,
      maxConnections: SMTP_CONNECTIONS_MAX,
      maxMessages: 1000,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as never);
  }

  async send(message: MailMessage) {
    const transport = await this.connect();
    const info = await transport.sendMail({
      messageId: `<${message.id}@agent-portal>`,
      from: message.from,
      replyTo: message.replyTo ?? undefined,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content, 'base64'),
      })),
    });
    return { providerMessageId: String(info.messageId ?? message.id) };
  }

  async close() {
    (await this.transport)?.close();
  }
}
