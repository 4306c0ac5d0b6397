import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * A provider account's limits held across every process (ADR 32, SECURITY.md item 28): starts
 * per second on a shared bucket, connections as leased slots. Each is one statement per batch.
 */

/** Bucket and slot keys: Twilio's texts and calls share one account; SMTP's connections. */
export const TWILIO = 'twilio';
export const SMTP = 'smtp';

/**
 * Starts are spaced a twentieth wider than the rate: a send leaves a few milliseconds after its
 * start (timers, the network), and the spare time keeps one more from falling into any second.
 */
const SPACING = 1.05;

/** How long a connection slot's lease lasts unless renewed: a dead process's slots come free. */
export const SLOT_LEASE_SECONDS = 30;

/** A slot given back comes free this much later, once the connection it stood for has closed. */
const SLOT_RELEASE_SECONDS = 0.5;

export const intervalMs = (perSecond: number) => (1000 / Math.max(1, perSecond)) * SPACING;

const num = (value: unknown) => Number(value);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type Reservation =
  /** Start i at `localStart + i * intervalMs`, in this process's clock (Date.now()). */
  | { reserved: true; localStart: number; intervalMs: number }
  /** The account is paused (a 429) beyond `maxWaitMs`: nothing reserved; look again then. */
  | { reserved: false; localUntil: number };

/**
 * Reserves `count` starts on an account in one statement: each process's starts follow the last
 * one reserved by any process, `intervalMs` apart, so the account's rate holds in total. The
 * starts are recorded per second for the console. Nothing is reserved when the next free start
 * is more than `maxWaitMs` away (the provider asked everyone to wait).
 */
export async function reserveStarts(
  db: Executor,
  key: string,
  count: number,
  perSecond: number,
  maxWaitMs: number,
): Promise<Reservation> {
  const step = intervalMs(perSecond);
  const span = (count * step) / 1000;
  const stepSeconds = step / 1000;
  const rows = rowsOf<{ next_at: unknown; db_now: unknown }>(
    await db.execute(sql`
      with slot as (
        insert into provider_buckets as b (key, next_at) values (${key}, clock_timestamp() + make_interval(secs => ${span}))
        on conflict (key) do update set next_at = greatest(b.next_at, clock_timestamp()) + make_interval(secs => ${span})
        where b.next_at < clock_timestamp() + make_interval(secs => ${maxWaitMs / 1000})
        returning next_at
      ), usage as (
        insert into provider_usage as u (key, second, used)
        select ${key}, date_trunc('second', slot.next_at - make_interval(secs => (${count}::int - i) * ${stepSeconds}::float8)), count(*)
        from slot, generate_series(0, ${count}::int - 1) as i
        group by 2
        on conflict (key, second) do update set used = u.used + excluded.used
      )
      select extract(epoch from next_at) * 1000 as next_at, extract(epoch from clock_timestamp()) * 1000 as db_now
      from slot`),
  );
  const received = Date.now();
  const row = rows[0];
  if (row) {
    return {
      reserved: true,
      localStart: received + num(row.next_at) - count * step - num(row.db_now),
      intervalMs: step,
    };
  }
  const [paused] = rowsOf<{ wait: unknown }>(
    await db.execute(
      sql`select extract(epoch from next_at - clock_timestamp()) * 1000 as wait from provider_buckets where key = ${key}`,
    ),
  );
  return { reserved: false, localUntil: Date.now() + Math.max(0, num(paused?.wait ?? 0)) };
}

/** The provider limits the whole account (HTTP 429): no process starts another before `seconds`. */
export async function pauseAccount(db: Executor, key: string, seconds: number): Promise<void> {
  await db.execute(sql`
    insert into provider_buckets as b (key, next_at, paused_until)
    values (${key}, now() + make_interval(secs => ${seconds}), now() + make_interval(secs => ${seconds}))
    on conflict (key) do update set
      next_at = greatest(b.next_at, excluded.next_at),
      paused_until = greatest(b.paused_until, excluded.paused_until)`);
}

/** Forgets the per-second record past an hour (the console looks an hour back). */
export async function sweepUsage(db: Executor): Promise<void> {
  await db.execute(sql`delete from provider_usage where second < now() - interval '1 hour'`);
}

/** The slot rows 1..count exist (each process once per count it sees). */
export async function ensureSlots(db: Executor, key: string, count: number): Promise<void> {
  await db.execute(sql`
    insert into provider_slots (key, slot, expires_at)
    select ${key}, g, now() - interval '1 second' from generate_series(1, ${count}::int) as g
    on conflict do nothing`);
}

/**
 * Renews the slots `holder` holds and takes free ones up to `want` in all, among slots 1..limit,
 * in one statement: how many it holds now. Never fewer than it held: a process gives its slots
 * back only once its connections are closed (`releaseSlots`).
 */
export async function holdSlots(
  db: Executor,
  key: string,
  holder: string,
  want: number,
  limit: number,
): Promise<number> {
  const rows = rowsOf<{ held: unknown }>(
    await db.execute(sql`
      with mine as (
        update provider_slots set expires_at = now() + make_interval(secs => ${SLOT_LEASE_SECONDS})
        where key = ${key} and holder = ${holder} and expires_at > now()
        returning slot
      ), free as (
        select slot from provider_slots
        where key = ${key} and slot <= ${limit}::int and expires_at <= now()
        order by slot
        limit greatest(0, ${want}::int - (select count(*) from mine))
        for update skip locked
      ), taken as (
        update provider_slots set holder = ${holder}, expires_at = now() + make_interval(secs => ${SLOT_LEASE_SECONDS})
        where key = ${key} and slot in (select slot from free)
        returning slot
      )
      select (select count(*) from mine) + (select count(*) from taken) as held`),
  );
  return num(rows[0]?.held ?? 0);
}

/** Gives back every slot `holder` holds (its connections are closed): free half a second later. */
export async function releaseSlots(db: Executor, key: string, holder: string): Promise<void> {
  await db.execute(sql`
    update provider_slots set holder = null,
      expires_at = least(expires_at, now() + make_interval(secs => ${SLOT_RELEASE_SECONDS}))
    where key = ${key} and holder = ${holder}`);
}

export interface ProviderUse {
  lastMinute: number;
  peakSecond: number;
  peakAt: Date | null;
  pausedUntil: Date | null;
  slotsInUse: number;
}

/** What the console shows: starts in the last minute, the busiest second of the hour, slots held. */
export async function providerUse(db: Executor, bucket: string, slots: string): Promise<ProviderUse> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select
        (select coalesce(sum(used), 0) from provider_usage
          where key = ${bucket} and second > now() - interval '1 minute' and second <= now()) as last_minute,
        (select coalesce(max(used), 0) from provider_usage
          where key = ${bucket} and second > now() - interval '1 hour' and second <= now()) as peak,
        (select second from provider_usage
          where key = ${bucket} and second > now() - interval '1 hour' and second <= now()
          order by used desc, second desc limit 1) as peak_at,
        (select paused_until from provider_buckets where key = ${bucket} and paused_until > now()) as paused_until,
        (select count(*) from provider_slots
          where key = ${slots} and holder is not null and expires_at > now()) as in_use`),
  );
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return {
    lastMinute: num(row?.last_minute ?? 0),
    peakSecond: num(row?.peak ?? 0),
    peakAt: date(row?.peak_at),
    pausedUntil: date(row?.paused_until),
    slotsInUse: num(row?.in_use ?? 0),
  };
}
