import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

export type Answer = { status: number; body: object; headers?: Record<string, string> };

/** Twilio's Messages resource on loopback: records what arrives, answers what a test sets. */
export class FakeTwilio {
  received: TwilioRequest[] = [];
  port = 0;
  /** What to answer; unset, the message is accepted as Twilio does (201 with a sid). */
  answer: ((request: TwilioRequest) => Answer) | null = null;
  private server: Server | null = null;

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get running() {
    return this.server !== null;
  }

  async start(port = 0) {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      req.on('end', () => {
        const request: TwilioRequest = {
          method: req.method ?? '',
          path: req.url ?? '',
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          form: Object.fromEntries(new URLSearchParams(raw)),
        };
        this.received.push(request);
        const { status, body, headers } = this.answer?.(request) ?? {
          status: 201,
          body: { sid: `SM${String(this.received.length).padStart(32, '0')}`, status: 'queued' },
        };
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async stop() {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
