import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';

/** "04:59", "1:02:03": the time left, whole seconds rounded up (00:00 only at the deadline). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** The moments a screen reader is told the time left: not every second, only these (ms). */
const SPOKEN = [
  { before: 5 * 60_000, text: '5 minutes left to accept this offer.' },
  { before: 60_000, text: '1 minute left to accept this offer.' },
  { before: 10_000, text: '10 seconds left to accept this offer.' },
] as const;

/** What the live region says at `left` ms before the deadline: the last moment passed, or nothing. */
export function spokenAt(left: number, windowMs: number): string {
  if (left <= 0) return 'The offer lapsed.';
  // A moment already past when the offer was opened is not announced (the countdown is read).
  const passed = SPOKEN.filter((moment) => left <= moment.before && windowMs > moment.before);
  return passed.at(-1)?.text ?? '';
}

/** Milliseconds to `expiresAt`, ticking each second; 0 once it has passed. */
export function useTimeLeft(expiresAt: string): number {
  const deadline = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Wakes on the second boundaries of the deadline, so 00:01 turns into "Lapsed" on time.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (current: number) => {
      const rest = deadline - current;
      if (rest > 0) timer = setTimeout(tick, rest % 1000 || 1000);
    };
    const tick = () => {
      const current = Date.now();
      setNow(current);
      schedule(current);
    };
    schedule(Date.now());
    return () => clearTimeout(timer);
  }, [deadline]);
  const left = Math.max(0, deadline - now);
  return left;
}

/**
 * An offer's countdown: mm:ss to the deadline, updated each second, then "Lapsed". The visible
 * figure is a timer (not read out as it changes); a polite live region speaks at 5 minutes,
 * 1 minute, 10 seconds and the lapse.
 */
export function OfferCountdown({
  expiresAt,
  offeredAt,
  className,
  announce = true,
}: {
  expiresAt: string;
  offeredAt: string;
  className?: string;
  /** One countdown per offer speaks: the sheet's, not the list's as well. */
  announce?: boolean;
}) {
  const left = useTimeLeft(expiresAt);
  const [windowMs] = useState(() => Date.parse(expiresAt) - Math.max(Date.now(), Date.parse(offeredAt)));
  const lapsed = left <= 0;
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-1.5', className)}>
      {lapsed ? (
        <span className="font-semibold text-destructive">Lapsed</span>
      ) : (
        <>
          <span className="text-muted-foreground">Time left to accept</span>
          <span
            role="timer"
            className={cn('font-semibold tabular-nums', left < 60_000 && 'text-destructive')}
          >
            {formatCountdown(left)}
          </span>
        </>
      )}
      {announce ? (
        <span className="sr-only" aria-live="polite" aria-atomic="true">
          {spokenAt(left, windowMs)}
        </span>
      ) : null}
    </span>
  );
}
