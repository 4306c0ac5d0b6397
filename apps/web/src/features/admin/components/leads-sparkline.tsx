// Leads per day as small bars, with the figures in words for those who cannot see the bars.
import { formatCount, formatDay } from '@/components/leads/lead-format';

type Day = { day: string; count: number };

const WIDTH = 84;
const HEIGHT = 24;

/** "9 leads in 14 days, most on Nov 18, 2026 (4)" or "No leads in 14 days". */
export function sparklineSummary(days: Day[]) {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) return `No leads in ${days.length} days`;
  const busiest = days.reduce((best, day) => (day.count > best.count ? day : best), days[0]!);
  return `${formatCount(total)} ${total === 1 ? 'lead' : 'leads'} in ${days.length} days, most on ${formatDay(busiest.day)} (${formatCount(busiest.count)})`;
}

export function LeadsSparkline({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((day) => day.count));
  const step = WIDTH / Math.max(1, days.length);
  return (
    <svg
      role="img"
      aria-label={sparklineSummary(days)}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="block overflow-visible"
    >
      <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-border" />
      {days.map((day, index) => {
        // A day with leads is always at least 2px tall, so one lead is visible next to forty.
        const height = day.count === 0 ? 0 : Math.max(2, (day.count / max) * HEIGHT);
        return (
          <rect
            key={day.day}
            x={index * step + 1}
            y={HEIGHT - height}
            width={Math.max(1, step - 2)}
            height={height}
            className="fill-secondary"
          >
            <title>{`${formatDay(day.day)}: ${formatCount(day.count)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
