import { SMTP_CONNECTIONS_MAX } from '@portal/shared';
import type { Transporter } from 'nodemailer';
import type { MailMessage, MailProvider } from './interface';

interface Connection {
  transport: Promise<Transporter>;
  /** Messages handed to it and not yet answered. */
  busy: number;
}

/** Production adapter: any SMTP server, configured by SMTP_URL (smtp:// or smtps://). */
export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  readonly connectionLimited = true;
  /**
   * One single-connection pool per message in hand at once: a connection stays open between
   * messages, and the connections open are never more than the sends running at once (the SMTP
   * connection slots the dispatcher holds across processes, settings >
   * provider_limits.smtp_connections). A pool of several would open a new connection whenever a
   * message arrives before the last one's connection says it is free. The dispatcher closes them
   * when it is idle; SMTP_CONNECTIONS_MAX is only the ceiling.
   */
  private connections: Connection[] = [];

  constructor(private readonly url: string) {}

  /** A free connection, or a new one; past the ceiling the least busy one queues the message. */
  private pick(): Connection {
    const free = this.connections.find((c) => c.busy === 0);
    if (free) return free;
    if (this.connections.length >= SMTP_CONNECTIONS_MAX) {
      return this.connections.reduce((a, b) => (b.busy < a.busy ? b : a));
    }
    // nodemailer loads with the first message, not when the server starts.
    const connection: Connection = {
      transport: import('nodemailer').then((nodemailer) => this.createTransport(nodemailer)),
      busy: 0,
    };
    this.connections.push(connection);
    return connection;
  }

  private createTransport(nodemailer: typeof import('nodemailer')): Transporter {
    return nodemailer.createTransport({
      url: this.url,
      pool: true,
      maxConnections: 1,
      maxMessages: 1000,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as never);
  }

  async send(message: MailMessage) {
    const connection = this.pick();
    connection.busy++;
    try {
      const transport = await connection.transport;
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
    } finally {
      connection.busy--;
    }
  }

  async trim(keep: number) {
    while (this.connections.length > keep) {
      const idle = this.connections.findIndex((c) => c.busy === 0);
      if (idle < 0) return;
      const [connection] = this.connections.splice(idle, 1);
      (await connection!.transport.catch(() => null))?.close();
    }
  }

  /** Closes every connection; the next message opens a new one. */
  async close() {
    const connections = this.connections;
    this.connections = [];
    for (const connection of connections) (await connection.transport.catch(() => null))?.close();
  }
}
