import http from 'node:http';

/** One thing an event stream said: an event with its data, a comment (a heartbeat), its retry. */
export interface Received {
  type: string;
  data: string;
  /** performance.now() when it was read. */
  at: number;
}

export interface StreamResponse {
  status: number;
  header(name: string): string | undefined;
  /** The body of a refusal (the stream's own body is `received`). */
  json(): Promise<{ detail: string }>;
}

export interface OpenStream {
  response: StreamResponse;
  received: Received[];
  /** The first thing received (already or within `ms`) that `match` accepts. */
  next(match: (item: Received) => boolean, ms?: number): Promise<Received>;
  /** Resolves when the stream ended (the server ended it, or close()). */
  ended: Promise<void>;
  /** Hangs up, as a closed tab does. */
  close(): void;
}

/**
 * GET /api/portal/me/events read as a browser's client reads it: the body as it comes, split
 * into Server-Sent Events. A connection of its own (no keep-alive pool), gone when closed.
 */
export function openEventStream(base: string, headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/portal/me/events`,
      { agent: false, headers: { accept: 'text/event-stream', ...headers } },
      (res) => {
        const received: Received[] = [];
        const waiters = new Set<() => void>();
        let done = false;
        let body = '';
        const push = (item: Received) => {
          received.push(item);
          for (const wake of [...waiters]) wake();
        };
        const ok = res.statusCode === 200;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          if (!ok) {
            body += chunk;
            return;
          }
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf('\n\n');
            let type = 'message';
            const data: string[] = [];
            const at = performance.now();
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) push({ type: 'comment', data: line.slice(1).trim(), at });
              else if (line.startsWith('event:')) type = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trim());
              else if (line.startsWith('retry:')) push({ type: 'retry', data: line.slice(6).trim(), at });
            }
            if (data.length > 0) push({ type, data: data.join('\n'), at });
          }
        });
        const ended = new Promise<void>((resolveEnded) => {
          const finish = () => {
            done = true;
            for (const wake of [...waiters]) wake();
            resolveEnded();
          };
          res.on('end', finish);
          res.on('close', finish);
          res.on('error', finish);
        });
        resolve({
          response: {
            status: res.statusCode ?? 0,
            header: (name) => {
              const value = res.headers[name.toLowerCase()];
              return Array.isArray(value) ? value.join(', ') : value;
            },
            json: async () => {
              await ended;
              return JSON.parse(body);
            },
          },
          received,
          ended,
          next(match, ms = 2000) {
            return new Promise((resolveNext, rejectNext) => {
              const check = () => {
                const found = received.find(match);
                if (found) {
                  stop();
                  resolveNext(found);
                } else if (done) {
                  stop();
                  rejectNext(new Error(`the stream ended without it; received ${JSON.stringify(received)}`));
                }
              };
              const timer = setTimeout(() => {
                stop();
                rejectNext(new Error(`not received within ${ms} ms; received ${JSON.stringify(received)}`));
              }, ms);
              const stop = () => {
                clearTimeout(timer);
                waiters.delete(check);
              };
              waiters.add(check);
              check();
            });
          },
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

/** An event of `type` about lead `id`. */
export const about = (type: string, id: string) => (item: Received) =>
  item.type === type && JSON.parse(item.data).id === id;
