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
import { readSettings } from '../lib/settings';
import type { Bell } from './queue';

/**
 * The delivery dispatcher (ADR 18): one lane per channel reads the outbox itself, claims due
 * messages most urgent first and hands them to the provider with bounded concurrency. E-mail and
 * texts never wait for each other; an account e-mail overtakes any backlog of lead messages at
 * the lane's next claim; a provider's limits (settings > provider_limits) pace each lane.
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

/** Spaces starts evenly at a rate read at each start (the setting may change while running). */
class Pacer {
  private next = 0;

  async take(perSecond: number): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + 1000 / Math.max(1, perSecond);
    if (at > now) await sleep(at - now);
  }
}

/** How long a lane waits after a throttle (429, SMTP 421) that did not say how long. */
const THROTTLE_PAUSE_SECONDS = 15;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface LaneSpec {
  channel: Channel;
  /** Messages in the provider's hands at once. */
  concurrency: (limits: Limits) => number;
  /** Starts per second, shared by the lanes of one provider account. */
  pacer?: { pacer: Pacer; perSecond: (limits: Limits) => number };
}

/** Twilio's texts and calls share one account limit; a call lasts long, so few run at once. */
function laneSpecs(): LaneSpec[] {
  const twilio = new Pacer();
  const perSecond = (limits: Limits) => limits.sms_per_second;
  return [
    { channel: 'email', concurrency: (limits) => limits.smtp_connections },
    {
      channel: 'sms',
      // Enough requests in flight to reach the rate over a provider that answers in ~300 ms.
      concurrency: (limits) => Math.min(50, Math.max(2, Math.ceil(limits.sms_per_second / 2))),
      pacer: { pacer: twilio, perSecond },
    },
    { channel: 'call', concurrency: () => 5, pacer: { pacer: twilio, perSecond } },
  ];
}

export function startDispatcher(deps: DeliveryDeps, bell: Bell, options: DispatcherOptions = {}): Dispatcher {
  const idleMs = options.idleMs ?? 300;
  const claimSeconds = options.claimSeconds ?? CLAIM_SECONDS;
  let stopping = false;
  let paused = false;
  const lanes = laneSpecs().map((spec) => runLane(spec));

  function runLane(spec: LaneSpec) {
    const inFlight = new Set<Promise<void>>();
    /** Claimed but not yet handed to the provider: given back if the worker stops first. */
    const held = new Map<string, OutboxMessage>();
    let pausedUntil = 0;

    const start = (message: OutboxMessage, limits: Limits) => {
      held.set(message.id, message);
      const task = (async () => {
        if (spec.pacer) await spec.pacer.pacer.take(spec.pacer.perSecond(limits));
        if (stopping) return;
        held.delete(message.id);
        const outcome = await deliverClaimed(deps, message);
        if ((outcome.result === 'retry' || outcome.result === 'failed') && outcome.refusal.throttled) {
          // The provider is limiting the account: hold the whole lane, not just this message.
          const wait = (outcome.refusal.retryAfterSeconds ?? THROTTLE_PAUSE_SECONDS) * 1000;
          pausedUntil = Math.max(pausedUntil, Date.now() + wait);
        }
      })()
        .catch((error) => console.warn(`[delivery] ${spec.channel} ${message.id}:`, (error as Error).message))
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    };

    const loop = (async () => {
      while (!stopping) {
        try {
          if (paused) {
            await bell.wait(idleMs);
            continue;
          }
          const limits = (await readSettings(deps.db)).provider_limits;
          const throttled = pausedUntil - Date.now();
          if (throttled > 0) {
            await sleep(Math.min(throttled, 1000));
            continue;
          }
          const capacity = spec.concurrency(limits) - inFlight.size;
          if (capacity <= 0) {
            await Promise.race(inFlight);
            continue;
          }
          const batch = await claimDue(deps.db, spec.channel, capacity, claimSeconds);
          // The claim's RETURNING keeps no order: most urgent first, oldest first.
          batch.sort((a, b) => a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime());
          for (const message of batch) start(message, limits);
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
      },
    };
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
