import type { ClientConfig } from 'pg';
import type { Database } from '../../db/client';

/**
 * The process's ear on the database (ADR 59): the triggers of migration 0026 notify every new or
 * changed lead on `portal_leads` and every new outbox message on `portal_outbox`, delivered when
 * the writing transaction commits, whichever process wrote it. One LISTEN connection per process
 * hears both and fans the notices out to this process's subscribers (open event streams, the
 * delivery dispatcher), so a thousand streams cost one connection and a function call each.
 */
export const LEADS_CHANNEL = 'portal_leads';
export const OUTBOX_CHANNEL = 'portal_outbox';

export interface LeadNotice {
  op: 'insert' | 'update';
  id: string;
  agentId: string | null;
  /** The agent the lead was taken from, when this change gave it to another agent. */
  previousAgentId: string | null;
}

export interface EventBus {
  /** Leads inserted or changed by any process, after their commit. Answers the unsubscribe. */
  onLead(listener: (notice: LeadNotice) => void): () => void;
  /** A message committed to the outbox by any process. */
  onOutbox(listener: () => void): () => void;
  /** The connection dropped and came back: notices of the gap are lost, whoever relies on them reads again. */
  onResync(listener: () => void): () => void;
  /** Listens (connecting at first use); false when the database cannot be reached within `ms`. */
  ready(ms?: number): Promise<boolean>;
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface EventBusOptions {
  /** How often a PostgreSQL listening connection is checked (a silent network drop). */
  pingMs?: number;
  /** The first wait before connecting again after a drop; it doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/** One LISTEN session: PostgreSQL's own connection, or the embedded database itself. */
interface Listening {
  /** Answers when the session is alive; throws when it is not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

type Notify = (channel: string, payload: string) => void;

const PING_TIMEOUT_MS = 10_000;

function parseLeadNotice(payload: string): LeadNotice | null {
  try {
    const raw = JSON.parse(payload) as Record<string, unknown>;
    if (typeof raw.id !== 'string' || (raw.op !== 'insert' && raw.op !== 'update')) return null;
    return {
      op: raw.op,
      id: raw.id,
      agentId: typeof raw.agent_id === 'string' ? raw.agent_id : null,
      previousAgentId: typeof raw.previous_agent_id === 'string' ? raw.previous_agent_id : null,
    };
  } catch {
    return null;
  }
}

/** PGlite delivers notifications of its own (single) session: its listen API on the same instance. */
async function listenPglite(database: Database, notify: Notify): Promise<Listening> {
  const pglite = database.pglite!;
  const stops = await Promise.all(
    [LEADS_CHANNEL, OUTBOX_CHANNEL].map((channel) =>
      pglite.listen(channel, (payload) => notify(channel, payload)),
    ),
  );
  return {
    ping: async () => {},
    close: async () => {
      if (pglite.closed) return;
      await Promise.all(stops.map((stop) => stop().catch(() => {})));
    },
  };
}

/**
 * PostgreSQL: a client of its own, outside the pool (a pooled connection is given back and reused
 * by others; LISTEN belongs to one session), with the pool's own connection settings.
 */
async function listenPostgres(database: Database, notify: Notify, onLost: () => void): Promise<Listening> {
  const { default: pg } = await import('pg');
  const pool = (database.db as unknown as { $client: { options: ClientConfig } }).$client;
  const client = new pg.Client({
    ...pool.options,
    // The pool keeps a password it was given out of its enumerable options.
    password: pool.options.password,
    keepAlive: true,
    application_name: 'portal events',
  });
  client.on('notification', (message) => notify(message.channel, message.payload ?? ''));
  client.on('error', onLost);
  client.on('end', onLost);
  try {
    await client.connect();
    await client.query(`LISTEN ${LEADS_CHANNEL}; LISTEN ${OUTBOX_CHANNEL}`);
  } catch (error) {
    client.removeListener('end', onLost);
    await client.end().catch(() => {});
    throw error;
  }
  return {
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      client.removeListener('end', onLost);
      client.removeListener('error', onLost);
      client.on('error', () => {});
      await client.end().catch(() => {});
    },
  };
}

export function createEventBus(database: Database, options: EventBusOptions = {}): EventBus {
  const pingMs = options.pingMs ?? 30_000;
  const backoffMs = options.backoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  const leadListeners = new Set<(notice: LeadNotice) => void>();
  const outboxListeners = new Set<() => void>();
  const resyncListeners = new Set<() => void>();
  const upWaiters = new Set<(up: boolean) => void>();

  let started = false;
  let closed = false;
  let current: Listening | null = null;
  /** Whether a connection was up before: a new one after it means notices may have been lost. */
  let wasUp = false;
  let pingTimer: NodeJS.Timeout | undefined;
  let wakeBackoff: (() => void) | null = null;
  let connecting: Promise<void> | null = null;

  const emit = <T extends unknown[]>(listeners: Set<(...args: T) => void>, ...args: T) => {
    for (const listener of listeners) {
      try {
        listener(...args);
      } catch (error) {
        console.warn('[events] a listener failed:', (error as Error).message);
      }
    }
  };

  const notify: Notify = (channel, payload) => {
    if (closed) return;
    if (channel === OUTBOX_CHANNEL) return emit(outboxListeners);
    if (channel !== LEADS_CHANNEL) return;
    const notice = parseLeadNotice(payload);
    if (notice) emit(leadListeners, notice);
  };

  const settleWaiters = (up: boolean) => {
    for (const wake of [...upWaiters]) wake(up);
  };

  /** The session is gone (an error, the server ended it, a ping unanswered): connect again. */
  const lost = (which: Listening | null) => {
    if (closed || which === null || which !== current) return;
    current = null;
    clearInterval(pingTimer);
    console.warn('[events] the listening connection to the database dropped; connecting again');
    void which.close();
    connect();
  };

  const connect = () => {
    if (connecting || closed) return;
    connecting = (async () => {
      let wait = backoffMs;
      while (!closed) {
        let session: Listening | null = null;
        try {
          if (database.kind === 'pglite') {
            session = await listenPglite(database, notify);
          } else {
            // `lost` needs the session it belongs to; errors before it exists are the catch's.
            const box: { session: Listening | null } = { session: null };
            session = await listenPostgres(database, notify, () => lost(box.session));
            box.session = session;
          }
        } catch (error) {
          if (closed) break;
          console.warn(`[events] cannot listen to the database (${(error as Error).message}); trying again`);
          settleWaiters(false);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, wait + Math.random() * wait * 0.2);
            wakeBackoff = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wakeBackoff = null;
          wait = Math.min(wait * 2, maxBackoffMs);
          continue;
        }
        if (closed) {
          await session.close();
          break;
        }
        current = session;
        if (database.kind === 'postgres') {
          pingTimer = setInterval(() => {
            const which = current;
            if (!which) return;
            // No answer within 10 s is a connection lost without a word (a network drop).
            const silent = setTimeout(() => lost(which), PING_TIMEOUT_MS);
            silent.unref();
            which.ping().then(
              () => clearTimeout(silent),
              () => {
                clearTimeout(silent);
                lost(which);
              },
            );
          }, pingMs);
          pingTimer.unref();
        }
        if (wasUp) {
          // What was committed while nobody listened: streams read again, the dispatcher looks.
          emit(resyncListeners);
          emit(outboxListeners);
        }
        wasUp = true;
        settleWaiters(true);
        break;
      }
    })().finally(() => {
      connecting = null;
      // Lost again before this attempt had finished: one more.
      if (!closed && current === null && wasUp) connect();
    });
  };

  const start = () => {
    if (started || closed) return;
    started = true;
    connect();
  };

  const subscribe = <T>(listeners: Set<T>, listener: T) => {
    listeners.add(listener);
    start();
    return () => {
      listeners.delete(listener);
    };
  };

  return {
    onLead: (listener) => subscribe(leadListeners, listener),
    onOutbox: (listener) => subscribe(outboxListeners, listener),
    onResync: (listener) => subscribe(resyncListeners, listener),
    get listening() {
      return current !== null;
    },
    ready(ms = 5000) {
      start();
      if (current) return Promise.resolve(true);
      if (closed) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const finish = (up: boolean) => {
          clearTimeout(timer);
          upWaiters.delete(done);
          resolve(up);
        };
        // A failed attempt says nothing yet while there is time for the next one.
        const done = (up: boolean) => {
          if (up || closed) finish(up);
        };
        const timer = setTimeout(() => finish(false), ms);
        upWaiters.add(done);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(pingTimer);
      wakeBackoff?.();
      settleWaiters(false);
      await connecting;
      const session = current;
      current = null;
      await session?.close();
      leadListeners.clear();
      outboxListeners.clear();
      resyncListeners.clear();
    },
  };
}
