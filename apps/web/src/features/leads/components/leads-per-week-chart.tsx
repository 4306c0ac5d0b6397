import { LEAD_TYPES, type LeadType } from '@portal/shared';
import { useId } from 'react';
import {
  formatCount,
  formatDay,
  LEAD_TYPE_LABELS,
  LEAD_TYPE_COLOURS as TYPE_COLOURS,
} from '@/components/leads/lead-format';
import { cn } from '@/lib/utils';
import type { LeadStats } from '../api/get-lead-stats';

type Week = LeadStats['per_week'][number];

const countOf = (week: Week, type: LeadType) => week.counts[type] ?? 0;
const totalOf = (week: Week) => LEAD_TYPES.reduce((sum, type) => sum + countOf(week, type), 0);

/** "Nov 3" (weeks start on a date, whatever the browser's time zone). */
const shortDay = (isoDate: string) => formatDay(isoDate).replace(/, \d{4}$/, '');

/** A round top for the scale: 1, 2, 5, 10, 20, 50... at or above the busiest week. */
function scaleTop(max: number) {
  if (max <= 4) return Math.max(max, 1);
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].map((m) => m * power).find((value) => value >= max) ?? 10 * power;
  return step;
}

const BAR = 10;
const GAP = 4;
const HEIGHT = 100;

/**
 * Leads per week by type, as stacked bars drawn in SVG. The bars stretch with the card; labels
 * are HTML so they stay readable on a phone. A summary names the chart for screen readers and
 * the same numbers are in a table under "Show as a table".
 */
export function LeadsPerWeekChart({ weeks }: { weeks: LeadStats['per_week'] }) {
  const titleId = useId();
  const totals = weeks.map(totalOf);
  const all = totals.reduce((sum, value) => sum + value, 0);
  const types = LEAD_TYPES.filter((type) => weeks.some((week) => countOf(week, type) > 0));

  if (weeks.length === 0 || all === 0) {
    return (
      <p className="text-sm text-muted-foreground">No leads in the last {weeks.length || 12} weeks yet.</p>
    );
  }

  const top = scaleTop(Math.max(...totals));
  const busiest = weeks[totals.indexOf(Math.max(...totals))]!;
  const summary = `${formatCount(all)} ${all === 1 ? 'lead' : 'leads'} in the last ${weeks.length} weeks; the busiest week, starting ${formatDay(
    busiest.week_start,
  )}, had ${formatCount(totalOf(busiest))}.`;
  const width = weeks.length * (BAR + GAP) - GAP;

  return (
    <figure className="grid gap-3">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div
          aria-hidden="true"
          className="flex h-32 flex-col justify-between text-right text-xs tabular-nums text-muted-foreground"
        >
          <span>{formatCount(top)}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-labelledby={titleId}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-32 w-full border-b border-l border-border"
        >
          <title id={titleId}>{`Leads per week by type. ${summary}`}</title>
          {weeks.map((week, index) => {
            let y = HEIGHT;
            return (
              <g key={week.week_start}>
                {types.map((type) => {
                  const count = countOf(week, type);
                  if (count === 0) return null;
                  const height = (count / top) * HEIGHT;
                  y -= height;
                  return (
                    <rect
                      key={type}
                      x={index * (BAR + GAP)}
                      y={y}
                      width={BAR}
                      height={height}
                      className={TYPE_COLOURS[type].fill}
                    >
                      <title>{`Week of ${shortDay(week.week_start)}: ${count} ${LEAD_TYPE_LABELS[type]}`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
        </svg>
        <div aria-hidden="true" />
        <div
          aria-hidden="true"
          className="grid pt-1 text-center text-[0.7rem] text-muted-foreground"
          style={{ gridTemplateColumns: `repeat(${weeks.length}, minmax(0, 1fr))` }}
        >
          {weeks.map((week, index) => (
            // Every third week on a phone (always the latest), every week from sm up.
            <span
              key={week.week_start}
              className={cn(
                'whitespace-nowrap',
                (weeks.length - 1 - index) % 3 === 0 ? 'block' : 'invisible sm:visible',
              )}
            >
              {shortDay(week.week_start)}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="grid gap-2">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Lead types">
          {types.map((type) => (
            <li key={type} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`size-3 rounded-sm ${TYPE_COLOURS[type].swatch}`} />
              {LEAD_TYPE_LABELS[type]}
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">{summary}</p>
      </figcaption>
      <details className="text-sm">
        <summary className="w-fit cursor-pointer rounded font-medium text-primary-text">
          Show as a table
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full border-collapse text-left tabular-nums">
            <caption className="sr-only">Leads per week by type</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Week of
                </th>
                {types.map((type) => (
                  <th key={type} scope="col" className="py-1 pr-3 font-medium">
                    {LEAD_TYPE_LABELS[type]}
                  </th>
                ))}
                <th scope="col" className="py-1 font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, index) => (
                <tr key={week.week_start} className="border-b border-border/60">
                  <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                    {formatDay(week.week_start)}
                  </th>
                  {types.map((type) => (
                    <td key={type} className="py-1 pr-3">
                      {countOf(week, type)}
                    </td>
                  ))}
                  <td className="py-1 font-medium">{totals[index]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
