import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** An SMTP server that accepts everything and notes when each recipient's messages arrived. */
export class Sink {
  received = 0;
  /** Recipient -> when its first message arrived (performance.now()) and how many arrived. */
  arrivals = new Map<string, { first: number; count: number }>();
  port = 0;
  /** How long the server takes to accept a message (a relay answers in tens of milliseconds). */
  delayMs = 0;
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 200,
    onData: (stream, session, callback) => {
      stream.on('data', () => {});
      stream.on('end', () => {
        this.received++;
        for (const to of session.envelope.rcptTo) {
          const seen = this.arrivals.get(to.address);
          if (seen) seen.count++;
          else this.arrivals.set(to.address, { first: performance.now(), count: 1 });
        }
        if (this.delayMs > 0) setTimeout(() => callback(), this.delayMs);
        else callback();
      });
    },
  });

  async start() {
    // A sending process killed mid-message resets its connection: nothing to do about it here.
    this.server.on('error', () => {});
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as { port: number }).port;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Twilio's Messages resource: 201 with a sid, as fast as loopback allows; starts counted per second. */
export class FakeTwilio {
  received = 0;
  /** Recipient number -> when its first text arrived (performance.now()) and how many arrived. */
  arrivals = new Map<string, { first: number; count: number }>();
  /** Texts received in each wall-clock second. */
  perSecond = new Map<number, number>();
  port = 0;
  private server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      this.received++;
      const second = Math.floor(Date.now() / 1000);
      this.perSecond.set(second, (this.perSecond.get(second) ?? 0) + 1);
      const to = new URLSearchParams(body).get('To');
      if (to) {
        const seen = this.arrivals.get(to);
        if (seen) seen.count++;
        else this.arrivals.set(to, { first: performance.now(), count: 1 });
      }
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sid: `SM${this.received}`, status: 'queued' }));
    });
  });
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }
  /** The most texts received in one second since `since` (Date.now()). */
  peakPerSecond(since: number): number {
    let peak = 0;
    for (const [second, n] of this.perSecond) if (second * 1000 >= since) peak = Math.max(peak, n);
    return peak;
  }
  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
