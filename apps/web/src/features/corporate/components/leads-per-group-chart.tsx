import type { CorporateStats } from '@portal/shared';
import { useId } from 'react';
import { formatCount, formatDay } from '@/components/leads/lead-format';

const shortDay = (isoDate: string) => formatDay(isoDate).replace(/, \d{4}$/, '');
const BAR = 10;
const GAP = 4;
const HEIGHT = 40;

/**
 * Leads per week of each group, one small bar chart per group on a shared scale, so a manager
 * compares the groups at a glance; the same numbers are under "Show as a table".
 */
export function LeadsPerGroupChart({ stats }: { stats: CorporateStats }) {
  const titleId = useId();
  const max = Math.max(0, ...stats.groups.flatMap((group) => group.per_week));
  if (stats.groups.length === 0 || max === 0) {
    return <p className="text-sm text-muted-foreground">No leads in the last 12 weeks yet.</p>;
  }
  const width = stats.weeks.length * (BAR + GAP) - GAP;
  const first = stats.weeks[0]!;
  const last = stats.weeks.at(-1)!;
  return (
    <figure className="grid gap-3">
      <ul className="grid gap-3" aria-label="Leads per week by group">
        {stats.groups.map((group) => {
          const total = group.per_week.reduce((sum, n) => sum + n, 0);
          return (
            <li key={group.group_id} className="grid gap-1">
              <div className="flex justify-between gap-2 text-sm">
                <span className="font-medium">{group.group_name}</span>
                <span className="tabular-nums text-muted-foreground">
                  {formatCount(total)} {total === 1 ? 'lead' : 'leads'}
                </span>
              </div>
              <svg
                role="img"
                aria-labelledby={`${titleId}-${group.group_id}`}
                viewBox={`0 0 ${width} ${HEIGHT}`}
                preserveAspectRatio="none"
                className="h-10 w-full border-b border-border"
              >
                <title id={`${titleId}-${group.group_id}`}>
                  {`${group.group_name}: ${formatCount(total)} leads in 12 weeks, at most ${formatCount(
                    Math.max(...group.per_week),
                  )} in one week`}
                </title>
                {group.per_week.map((count, index) => (
                  <rect
                    key={stats.weeks[index]}
                    x={index * (BAR + GAP)}
                    y={HEIGHT - (count / max) * HEIGHT}
                    width={BAR}
                    height={(count / max) * HEIGHT}
                    className="fill-secondary"
                  >
                    <title>{`Week of ${shortDay(stats.weeks[index]!)}: ${count}`}</title>
                  </rect>
                ))}
              </svg>
            </li>
          );
        })}
      </ul>
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>Week of {shortDay(first)}</span>
        <span>Week of {shortDay(last)}</span>
      </figcaption>
      <details className="text-sm">
        <summary className="w-fit cursor-pointer rounded font-medium text-primary-text">
          Show as a table
        </summary>
        <div className="relative mt-2 overflow-x-auto">
          <table className="w-full border-collapse text-left tabular-nums">
            <caption className="sr-only">Leads per week by group</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Week of
                </th>
                {stats.groups.map((group) => (
                  <th key={group.group_id} scope="col" className="py-1 pr-3 font-medium">
                    {group.group_name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {stats.weeks.map((week, index) => (
                <tr key={week} className="border-b border-border/60">
                  <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                    {formatDay(week)}
                  </th>
                  {stats.groups.map((group) => (
                    <td key={group.group_id} className="py-1 pr-3">
                      {group.per_week[index]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
