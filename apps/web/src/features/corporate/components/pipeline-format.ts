/** How the pipeline reads its figures. */

/** "45 s", "14 min", "2 h 5 min", "3 days 4 h"; a dash when nothing was contacted. */
export function formatSpeed(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'}${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

/** 0.6 as "60%"; a dash when no lead arrived. */
export const formatShare = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);

const day = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Nov 3, 2026" for 2026-11-03, whatever the browser's time zone. */
export const formatRangeDay = (date: string) => {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : day.format(at);
};
