import type * as React from 'react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const exact = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Tue, Mar 4, 2025, 9:00 AM MST": the instant in the browser's time zone, for a title. */
export function formatExactTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : exact.format(date);
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * "just now", "5 min ago", "in 3 hours", "2 days ago", "in 3 weeks", "5 months ago": how far an
 * instant is from `now`, rounded down so that "in 1 hour" is never less than an hour away.
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const diff = then - now;
  const span = Math.abs(diff);
  if (span < MINUTE) return 'just now';
  let words: string;
  if (span < HOUR) words = `${Math.floor(span / MINUTE)} min`;
  else if (span < DAY) words = plural(Math.floor(span / HOUR), 'hour');
  else if (span < 14 * DAY) words = plural(Math.floor(span / DAY), 'day');
  else if (span < 60 * DAY) words = plural(Math.floor(span / (7 * DAY)), 'week');
  else if (span < 365 * DAY) words = plural(Math.floor(span / (30 * DAY)), 'month');
  else words = plural(Math.floor(span / (365 * DAY)), 'year');
  return diff < 0 ? `${words} ago` : `in ${words}`;
}

/** One clock for every relative time on the page, ticking each minute while any is shown. */
const listeners = new Set<(now: number) => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: (now: number) => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    const now = Date.now();
    for (const notify of listeners) notify(now);
  }, MINUTE);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, refreshed each minute, so "5 min ago" does not stay five minutes forever. */
export function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => subscribe(setNow), []);
  return now;
}

export interface RelativeTimeProps extends Omit<React.ComponentProps<'time'>, 'dateTime' | 'children'> {
  /** An ISO 8601 instant. */
  value: string;
}

/**
 * `<RelativeTime value={iso} />`: "5 min ago" or "in 2 days", with the exact local time in its
 * title (shown on hover) and machine-readable in `dateTime`.
 */
export function RelativeTime({ value, className, title, ...props }: RelativeTimeProps) {
  const now = useNow();
  return (
    <time
      dateTime={value}
      title={title ?? formatExactTime(value)}
      className={cn('whitespace-nowrap', className)}
      {...props}
    >
      {formatRelativeTime(value, now)}
    </time>
  );
}
