import { PassThrough } from 'node:stream';
import type { LeadStreamEvent, LeadStreamReconnect } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { EventBus, LeadNotice } from './bus';

/**
 * The open event streams of one app (ADR 59): each bus notice goes to the streams whose listener
 * may see the lead, with as little database work as the listener allows.
 *
 * - An agent: the lead's agent (or the one it was taken from) compared with theirs. Streams are
 *   kept by agent, so a notice reaches its few streams without looking at the others.
 * - A recipient: kept by its agent too; whether the lead was delivered to it is one query per
 *   notice for all such streams, and a lead it is known to have stays known.
 * - A group manager or an office: the agents whose leads it may read, read at the start and again
 *   when older than a short while (a membership changed).
 */
export type Audience =
  | { kind: 'agent'; key: string; agentId: string }
  | { kind: 'recipient'; key: string; agentId: string; recipientId: string }
  | {
      kind: 'wide';
      key: string;
      /** The listener's own agent record, if it has one. */
      agentId: string | null;
      /** The agents whose leads it may read besides its own. */
      agents: Set<string>;
      load: (db: Db) => Promise<Set<string>>;
    };

export interface StreamSettings {
  heartbeatMs: number;
  perUser: number;
  /** How long a manager's or an office's list of agents is trusted. */
  agentsTtlMs?: number;
}

/** What the client is told about reconnecting after a drop. */
const RETRY_MS = 3000;
/** A client that reads nothing while this much waits for it is dropped (it reconnects and reads again). */
const MAX_BUFFERED = 64 * 1024;
/** Leads a recipient's stream remembers as delivered to it. */
const KNOWN_LEADS = 500;

class Stream {
  readonly out = new PassThrough();
  private endTimer: NodeJS.Timeout | undefined;
  /** Leads known to be delivered to this recipient (no query for their next changes). */
  readonly known = new Set<string>();
  /** When `agents` of a wide audience were read. */
  loadedAt = Date.now();
  /** Notices of a wide stream are handled one after another, in order. */
  chain: Promise<void> = Promise.resolve();
  closed = false;

  constructor(
    readonly audience: Audience,
    endsAt: number,
    endReason: LeadStreamReconnect['reason'],
    private readonly onClose: (stream: Stream) => void,
  ) {
    this.out.on('close', () => this.cleanup());
    this.endTimer = setTimeout(() => this.end(endReason), Math.max(0, endsAt - Date.now()));
    this.write(`retry: ${RETRY_MS}\n\n`);
  }

  write(text: string): void {
    if (this.closed) return;
    if (this.out.writableLength + this.out.readableLength > MAX_BUFFERED) {
      this.out.destroy();
      return;
    }
    this.out.write(text);
  }

  send(event: LeadStreamEvent | 'resync', data: object): void {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Ends the stream telling the client to open a new one (ADR 59). */
  end(reason: LeadStreamReconnect['reason']): void {
    if (this.closed) return;
    this.write(`event: reconnect\ndata: ${JSON.stringify({ reason })}\n\n`);
    this.out.end();
    this.cleanup();
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.endTimer);
    this.onClose(this);
  }
}

export class LeadStreams {
  /** Agents' and recipients' streams, by the agent whose leads they follow. */
  private readonly byAgent = new Map<string, Set<Stream>>();
  /** Managers' and offices' streams. */
  private readonly wide = new Set<Stream>();
  private readonly perKey = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void)[] = [];
  private count = 0;

  constructor(
    private readonly bus: () => EventBus,
    private readonly db: () => Db,
    private readonly settings: StreamSettings,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Whether another stream of this listener would be over the limit. */
  full(key: string): boolean {
    return (this.perKey.get(key) ?? 0) >= this.settings.perUser;
  }

  /** A new stream for `audience`, ending at `endsAt` with `endReason`: the body to send. */
  open(audience: Audience, endsAt: number, endReason: LeadStreamReconnect['reason']): PassThrough {
    if (this.count === 0) this.start();
    const stream = new Stream(audience, endsAt, endReason, (closed) => this.remove(closed));
    this.count += 1;
    this.perKey.set(audience.key, (this.perKey.get(audience.key) ?? 0) + 1);
    if (audience.kind === 'wide') {
      this.wide.add(stream);
    } else {
      const streams = this.byAgent.get(audience.agentId) ?? new Set<Stream>();
      this.byAgent.set(audience.agentId, streams);
      streams.add(stream);
    }
    return stream.out;
  }

  /** Every stream ends, telling its client to come back (to this process or another). */
  closeAll(): void {
    for (const stream of this.all()) stream.end('closing');
  }

  private *all(): Generator<Stream> {
    for (const streams of this.byAgent.values()) yield* streams;
    yield* this.wide;
  }

  private start(): void {
    const bus = this.bus();
    this.unsubscribe = [
      bus.onLead((notice) => this.deliver(notice)),
      bus.onResync(() => {
        for (const stream of this.all()) stream.send('resync', {});
      }),
    ];
    // One timer for every stream: a comment keeps idle connections open through proxies.
    this.heartbeat = setInterval(() => {
      for (const stream of this.all()) stream.write(': ping\n\n');
    }, this.settings.heartbeatMs);
    this.heartbeat.unref();
  }

  private remove(stream: Stream): void {
    const { audience } = stream;
    if (audience.kind === 'wide') {
      this.wide.delete(stream);
    } else {
      const streams = this.byAgent.get(audience.agentId);
      streams?.delete(stream);
      if (streams?.size === 0) this.byAgent.delete(audience.agentId);
    }
    const left = (this.perKey.get(audience.key) ?? 1) - 1;
    if (left > 0) this.perKey.set(audience.key, left);
    else this.perKey.delete(audience.key);
    this.count -= 1;
    if (this.count === 0) {
      clearInterval(this.heartbeat);
      for (const stop of this.unsubscribe.splice(0)) stop();
    }
  }

  private deliver(notice: LeadNotice): void {
    const event: LeadStreamEvent = notice.op === 'insert' ? 'lead.created' : 'lead.updated';
    const data = { id: notice.id };
    const recipients: Stream[] = [];
    for (const agentId of new Set([notice.agentId, notice.previousAgentId])) {
      if (!agentId) continue;
      for (const stream of this.byAgent.get(agentId) ?? []) {
        if (stream.audience.kind === 'agent') {
          // Taken from this agent: the page reads again and the lead is gone from it.
          stream.send(agentId === notice.agentId ? event : 'lead.updated', data);
        } else if (stream.known.has(notice.id)) {
          stream.send(agentId === notice.agentId ? event : 'lead.updated', data);
        } else {
          recipients.push(stream);
        }
      }
    }
    if (recipients.length > 0) void this.deliverToRecipients(notice, event, recipients);
    for (const stream of this.wide) {
      stream.chain = stream.chain
        .then(() => this.deliverWide(stream, notice, event))
        .catch((error) => console.warn('[events] a notice was not sent:', (error as Error).message));
    }
  }

  /** Recipients whose agent the lead belongs (or belonged) to: those it was delivered to. */
  private async deliverToRecipients(notice: LeadNotice, event: LeadStreamEvent, streams: Stream[]) {
    const ids = [
      ...new Set(streams.map((stream) => (stream.audience as { recipientId: string }).recipientId)),
    ];
    let delivered: Set<string>;
    try {
      const rows = await this.db().execute(
        sql`select distinct recipient_id from outbox_messages
            where lead_id = ${notice.id} and recipient_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      delivered = new Set(
        (rows as unknown as { rows: { recipient_id: string }[] }).rows.map((row) => row.recipient_id),
      );
    } catch (error) {
      // The database is away for a moment: these pages miss a notice and keep polling.
      console.warn('[events] a recipient check failed:', (error as Error).message);
      return;
    }
    for (const stream of streams) {
      const audience = stream.audience as { agentId: string; recipientId: string };
      if (!delivered.has(audience.recipientId)) continue;
      if (stream.known.size >= KNOWN_LEADS) stream.known.clear();
      stream.known.add(notice.id);
      stream.send(audience.agentId === notice.agentId ? event : 'lead.updated', { id: notice.id });
    }
  }

  private async deliverWide(stream: Stream, notice: LeadNotice, event: LeadStreamEvent) {
    if (stream.closed || stream.audience.kind !== 'wide') return;
    const audience = stream.audience;
    const mine = (agentId: string | null) => agentId !== null && agentId === audience.agentId;
    if (!mine(notice.agentId) && !mine(notice.previousAgentId)) {
      if (!notice.agentId && !notice.previousAgentId) return;
      if (Date.now() - stream.loadedAt > (this.settings.agentsTtlMs ?? 30_000)) {
        try {
          audience.agents = await audience.load(this.db());
          stream.loadedAt = Date.now();
        } catch (error) {
          console.warn('[events] reading who a stream may see failed:', (error as Error).message);
        }
      }
    }
    const sees = (agentId: string | null) =>
      mine(agentId) || (agentId !== null && audience.agents.has(agentId));
    if (sees(notice.agentId)) stream.send(event, { id: notice.id });
    else if (sees(notice.previousAgentId)) stream.send('lead.updated', { id: notice.id });
  }
}
