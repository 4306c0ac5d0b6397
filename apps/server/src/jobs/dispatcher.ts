import { randomUUID } from 'node:crypto';
import type { Settings } from '@portal/shared';
import type { OutboxMessage } from '../db/schema';
import {
  type Channel,
  CLAIM_SECONDS,
  claimDue,
  type DeliveryDeps,
  deliverClaimed,
  releaseClaims,
} from '../lib/outbox';
import {
  ensureSlots,
  holdSlots,
  pauseAccount,
  releaseSlots,
  reserveStarts,
  SLOT_LEASE_SECONDS,
  SMTP,
  sweepUsage,
  TWILIO,
} from '../lib/provider-limits';
import { readSettings } from '../lib/settings';
import type { Bell } from './queue';

/**
 * The delivery dispatcher (ADR 18): one lane per channel reads the outbox itself, claims due
 * messages most urgent first and hands them to the provider with bounded concurrency. E-mail and
 * texts never wait for each other; an account e-mail overtakes any backlog of lead messages at
 * the lane's next claim; a provider's limits (settings > provider_limits) pace each lane, for
 * the whole account across every process (ADR 32): texts and calls take their starts from a
 * bucket in the database, e-mails hold SMTP connection slots leased in the database.
 */
export interface DispatcherOptions {
  /** How long an idle lane waits for a ring of the bell before looking at the outbox again. */
  idleMs?: number;
  /** How long a claim lasts before another worker may take the message (a crash). */
  claimSeconds?: number;
}

export interface Dispatcher {
  /** Claims nothing new until `resume` (what is in the provider's hands finishes). */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

type Limits = Settings['provider_limits'];

/** How long a lane waits after a throttle (429, SMTP 421) that did not say how long. */
const THROTTLE_PAUSE_SECONDS = 15;

/** Starts further off than this (an account paused by a 429) are not reserved: the batch goes back. */
const MAX_START_WAIT_MS = 10_000;

/** An SMTP lane idle this long closes its connections and gives their slots back. */
const SLOT_LINGER_MS = 2000;

/** How long a lane that found no free connection slot waits before it claims again. */
const NO_SLOT_WAIT_MS = 500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts reserved apart can still fire together when the event loop was held (the embedded
 * database runs on it, a long pause of the collector): each start keeps at least the account's
 * interval after this dispatcher's previous one on the account (`lastStarts`: account -> time).
 */
async function keepInterval(lastStarts: Map<string, number>, key: string, step: number): Promise<void> {
  for (;;) {
    // The time a start really happened is what counts: a timer may fire late.
    const now = Date.now();
    const at = (lastStarts.get(key) ?? 0) + step;
    if (at <= now) {
      lastStarts.set(key, now);
      return;
    }
    await sleep(at - now);
  }
}

interface LaneSpec {
  channel: Channel;
  /** Messages in the provider's hands at once. */
  concurrency: (limits: Limits) => number;
  /** Starts per second on the provider account (its bucket), shared by every process. */
  rate?: { key: string; perSecond: (limits: Limits) => number };
  /** Connections held account-wide (SMTP): a slot per connection, shared by every process. */
  slots?: { key: string; limit: (limits: Limits) => number };
}

/** Twilio's texts and calls share one account limit; a call lasts long, so few run at once. */
function laneSpecs(deps: DeliveryDeps): LaneSpec[] {
  const rate = { key: TWILIO, perSecond: (limits: Limits) => limits.sms_per_second };
  const email: LaneSpec = { channel: 'email', concurrency: (limits) => limits.smtp_connections };
  if (deps.mail.connectionLimited) email.slots = { key: SMTP, limit: (limits) => limits.smtp_connections };
  // A process without an SMS provider does not take texts or calls: another process sends them.
  if (!deps.sms) return [email];
  return [
    email,
    {
      channel: 'sms',
      // Enough requests in flight to reach the rate over a provider that answers in ~300 ms.
      concurrency: (limits) => Math.min(50, Math.max(2, Math.ceil(limits.sms_per_second / 2))),
      rate,
    },
    { channel: 'call', concurrency: () => 5, rate },
  ];
}

export function startDispatcher(deps: DeliveryDeps, bell: Bell, options: DispatcherOptions = {}): Dispatcher {
  const idleMs = options.idleMs ?? 300;
  const claimSeconds = options.claimSeconds ?? CLAIM_SECONDS;
  let stopping = false;
  let paused = false;
  const holder = randomUUID();
  const lastStarts = new Map<string, number>();
  const lanes = laneSpecs(deps).map((spec) => runLane(spec));

  function runLane(spec: LaneSpec) {
    const inFlight = new Set<Promise<void>>();
    /** Claimed but not yet handed to the provider: given back if the worker stops first. */
    const held = new Map<string, OutboxMessage>();
    let pausedUntil = 0;

    /** Connection slots this lane holds (SMTP), and since when it has had nothing to do. */
    let slotsHeld = 0;
    let slotsRenewedAt = 0;
    let slotLimitSeen = 0;
    let idleSince = 0;
    let noSlotUntil = 0;

    const start = (message: OutboxMessage, at: number, step: number) => {
      held.set(message.id, message);
      const task = (async () => {
        const wait = at - Date.now();
        if (wait > 0) await sleep(wait);
        if (spec.rate) await keepInterval(lastStarts, spec.rate.key, step);
        if (stopping) return;
        held.delete(message.id);
        const outcome = await deliverClaimed(deps, message);
        if ((outcome.result === 'retry' || outcome.result === 'failed') && outcome.refusal.throttled) {
          // The provider is limiting the account: hold the whole lane, not just this message, and
          // every other process's lane on the same account (their next starts come after it).
          const seconds = outcome.refusal.retryAfterSeconds ?? THROTTLE_PAUSE_SECONDS;
          pausedUntil = Math.max(pausedUntil, Date.now() + seconds * 1000);
          if (spec.rate) await pauseAccount(deps.db, spec.rate.key, seconds);
        }
      })()
        .catch((error) => console.warn(`[delivery] ${spec.channel} ${message.id}:`, (error as Error).message))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    };

    /** Renews this lane's slots and takes free ones up to `want`: how many it may use now. */
    const holdFor = async (want: number, limits: Limits) => {
      const slots = spec.slots!;
      const limit = slots.limit(limits);
      if (limit > slotLimitSeen) {
        await ensureSlots(deps.db, slots.key, limit);
        slotLimitSeen = limit;
      }
      const renewDue = Date.now() - slotsRenewedAt > (SLOT_LEASE_SECONDS * 1000) / 3;
      if (want > slotsHeld || renewDue) {
        const had = slotsHeld;
        slotsHeld = await holdSlots(deps.db, slots.key, holder, Math.max(want, slotsHeld), limit);
        slotsRenewedAt = Date.now();
        // Leases that lapsed (a long pause, the database away) went to other processes: no more
        // connections stay open than the slots still held.
        if (slotsHeld < had) await deps.mail.trim?.(slotsHeld);
      }
      return slotsHeld;
    };

    /** Idle: the connections close first, then their slots go back for other processes. */
    const giveSlotsBack = async () => {
      if (!spec.slots || slotsHeld === 0) return;
      await deps.mail.close?.();
      await releaseSlots(deps.db, spec.slots.key, holder);
      slotsHeld = 0;
    };

    /** Starts what the account's limits allow of a claimed batch; the rest goes back at once. */
    const startBatch = async (batch: OutboxMessage[], limits: Limits) => {
      let room = batch.length;
      if (spec.slots) {
        room = Math.max(0, (await holdFor(inFlight.size + batch.length, limits)) - inFlight.size);
        if (room === 0) noSlotUntil = Date.now() + NO_SLOT_WAIT_MS;
      }
      let at = Date.now();
      let step = 0;
      if (spec.rate && room > 0) {
        const rate = spec.rate;
        const reservation = await reserveStarts(
          deps.db,
          rate.key,
          room,
          rate.perSecond(limits),
          MAX_START_WAIT_MS,
        );
        if (reservation.reserved) {
          at = reservation.localStart;
          step = reservation.intervalMs;
        } else {
          pausedUntil = Math.max(pausedUntil, reservation.localUntil);
          room = 0;
        }
      }
      const starting = batch.slice(0, room);
      if (room < batch.length) await releaseClaims(deps.db, batch.slice(room));
      for (const [i, message] of starting.entries()) start(message, at + i * step, step);
      sweepNow(spec);
      return starting;
    };

    const loop = (async () => {
      while (!stopping) {
        try {
          if (paused) {
            await bell.wait(idleMs);
            continue;
          }
          const limits = (await readSettings(deps.db)).provider_limits;
          if (spec.slots && slotsHeld > 0) {
            // Leases lapse unless renewed, also while every connection is busy or the lane waits.
            await holdFor(slotsHeld, limits);
          }
          const throttled = Math.max(pausedUntil, noSlotUntil) - Date.now();
          if (throttled > 0) {
            await sleep(Math.min(throttled, 1000));
            continue;
          }
          const capacity = spec.concurrency(limits) - inFlight.size;
          if (capacity <= 0) {
            await Promise.race([...inFlight, sleep((SLOT_LEASE_SECONDS * 1000) / 6)]);
            continue;
          }
          let batch = await claimDue(deps.db, spec.channel, capacity, claimSeconds);
          // The claim's RETURNING keeps no order: most urgent first, oldest first.
          batch.sort((a, b) => a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime());
          if (batch.length > 0) {
            idleSince = 0;
            batch = await startBatch(batch, limits);
          } else if (inFlight.size === 0 && slotsHeld > 0) {
            idleSince ||= Date.now();
            if (Date.now() - idleSince >= SLOT_LINGER_MS) await giveSlotsBack();
          }
          // Fewer due than room: the lane has caught up; wait for a new message or the next look.
          if (batch.length < capacity) await bell.wait(idleMs);
        } catch (error) {
          // The database is away for a moment: nothing is lost, the outbox is read again later.
          console.warn(`[delivery] ${spec.channel} lane:`, (error as Error).message);
          await sleep(1000);
        }
      }
    })();

    return {
      async stop() {
        await loop;
        await Promise.race([Promise.allSettled([...inFlight]), sleep(10_000)]);
        await releaseClaims(deps.db, [...held.values()]).catch(() => {});
        await giveSlotsBack().catch(() => {});
      },
    };
  }

  /** The per-second record of starts is trimmed now and then (at most once a minute). */
  let sweptAt = Date.now();
  function sweepNow(spec: LaneSpec) {
    if (!spec.rate || Date.now() - sweptAt < 60_000) return;
    sweptAt = Date.now();
    sweepUsage(deps.db).catch(() => {});
  }

  return {
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      bell.ring();
    },
    async stop() {
      stopping = true;
      bell.ring();
      await Promise.all(lanes.map((lane) => lane.stop()));
    },
  };
}
