import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that can be stopped and started again on the same port. */
export class LoopbackSmtp {
  received: Received[] = [];
  port = 0;
  /** Refuses a recipient with an SMTP reply (e.g. 450 try later, 550 no such mailbox). */
  refuse: ((to: string) => { code: number; message: string } | null) | null = null;
  /** Connections open now, and the most open at once since the start. */
  open = 0;
  peakOpen = 0;
  /** How long the server takes to accept a message's data (so that sends overlap). */
  dataDelayMs = 0;
  private server: SMTPServer | null = null;

  async start(port = 0) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect: (_session, callback) => {
        this.open++;
        this.peakOpen = Math.max(this.peakOpen, this.open);
        callback();
      },
      onClose: () => {
        this.open--;
      },
      onRcptTo: (address, _session, callback) => {
        const refusal = this.refuse?.(address.address);
        if (!refusal) return callback();
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      },
      onData: (stream, session, callback) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on('end', () => {
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          setTimeout(() => callback(), this.dataDelayMs);
        });
      },
    });
    // A client killed mid-message (chaos's kill -9) resets its connection: not the server's fault.
    this.server.on('error', () => {});
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as { port: number }).port;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.server = null;
  }
}
