import {
  SCORECARD_FIGURES,
  SCORECARD_RULES,
  type Scorecard,
  type ScorecardFigureKey,
  type ScorecardFloors,
} from '@portal/shared';
import { AlertTriangle, ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { formatFigure, formatFloor } from './scorecard-format';

export type ScorecardSortKey = 'agent_name' | ScorecardFigureKey;
export interface ScorecardSort {
  key: ScorecardSortKey;
  order: 'asc' | 'desc';
}

const figureValue = (card: Scorecard, key: ScorecardFigureKey) =>
  card.figures.find((figure) => figure.key === key)?.value ?? null;

/** Sorted on the page (offices and managers get every card at once); no figure comes last. */
export function sortScorecards<Card extends Scorecard>(items: readonly Card[], sort: ScorecardSort): Card[] {
  const sign = sort.order === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    if (sort.key === 'agent_name') return sign * a.agent_name.localeCompare(b.agent_name);
    const x = figureValue(a, sort.key);
    const y = figureValue(b, sort.key);
    if (x === null || y === null)
      return x === y ? a.agent_name.localeCompare(b.agent_name) : x === null ? 1 : -1;
    return sign * (x - y) || a.agent_name.localeCompare(b.agent_name);
  });
}

/** A first click sorts the best first: the lowest minutes, the highest shares and ratings. */
export const firstOrder = (key: ScorecardSortKey): 'asc' | 'desc' =>
  key === 'agent_name' || SCORECARD_RULES[key].better === 'lower' ? 'asc' : 'desc';

/** The next sort when a column's header is pressed: its first order, then the other way. */
export const nextSort = (current: ScorecardSort, key: ScorecardSortKey): ScorecardSort =>
  current.key === key
    ? { key, order: current.order === 'asc' ? 'desc' : 'asc' }
    : { key, order: firstOrder(key) };

const head = 'px-2 py-2 text-left align-bottom text-xs font-medium text-muted-foreground';
const cell = 'px-2 py-2 align-top';

function SortHeader({
  label,
  note,
  sortKey,
  sort,
  onSort,
  numeric,
}: {
  label: string;
  note?: string;
  sortKey: ScorecardSortKey;
  sort: ScorecardSort;
  onSort: (key: ScorecardSortKey) => void;
  numeric?: boolean;
}) {
  const active = sort.key === sortKey;
  const Icon = active ? (sort.order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn(head, numeric && 'text-right')}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={cn(
          'min-h-8 rounded-sm text-left font-medium text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
          numeric && 'text-right',
        )}
      >
        {/* The icon stays with the label's last word: the column is as narrow as its longest word. */}
        <span>
          {label}{' '}
          <Icon
            aria-hidden="true"
            className={cn('inline size-3.5 align-[-0.125em]', !active && 'opacity-50')}
          />
        </span>
        {note ? <span className="block font-normal text-muted-foreground">{note}</span> : null}
      </button>
    </th>
  );
}

/**
 * Agents' scorecards side by side: a row per agent, a column per figure with its floor under the
 * heading, sortable by each column. A figure below its floor carries a warning sign and says so
 * in words (not by colour alone); the agent's cell counts the floors missed.
 */
export function ScorecardTable<Card extends Scorecard>({
  label,
  items,
  floors,
  sort,
  onSort,
  agentCell,
  actions,
  busy = false,
}: {
  label: string;
  items: readonly Card[];
  floors: ScorecardFloors;
  sort: ScorecardSort;
  onSort: (key: ScorecardSortKey) => void;
  /** The agent's name as a link, for example; the name by default. */
  agentCell?: (card: Card) => React.ReactNode;
  /** What may be done for the agent (pause, cap), under their name: the table stays narrow. */
  actions?: (card: Card) => React.ReactNode;
  busy?: boolean;
}) {
  // Wider than a phone: the box scrolls sideways, a named region that takes the focus so the
  // keys scroll it.
  const scroller = {
    role: 'region',
    'aria-label': `${label} (scrolls sideways on a narrow screen)`,
    tabIndex: 0,
  } as const;
  return (
    <div
      {...scroller}
      aria-busy={busy || undefined}
      className={cn(
        // Relative: the cells' screen-reader words stay inside the box, not past the page's edge.
        'relative overflow-x-auto rounded-lg border border-border bg-background focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        busy && 'opacity-60',
      )}
    >
      {/* A phone scrolls it; from a laptop's width on it fits its box, headings wrapping. */}
      <table className="w-full min-w-[50rem] border-collapse text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            <SortHeader label="Agent" sortKey="agent_name" sort={sort} onSort={onSort} />
            {SCORECARD_FIGURES.map((key) => (
              <SortHeader
                key={key}
                label={SCORECARD_RULES[key].label}
                note={formatFloor(key, floors[key])}
                sortKey={key}
                sort={sort}
                onSort={onSort}
                numeric
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((card) => (
            <tr key={card.agent_id} className="border-t border-border">
              <th scope="row" className={cn(cell, 'text-left font-normal')}>
                <span className="grid gap-1">
                  <span className="font-medium">{agentCell ? agentCell(card) : card.agent_name}</span>
                  {card.below_floors.length > 0 ? (
                    <span className="inline-flex w-fit items-center gap-1 rounded-sm border border-destructive px-1.5 text-xs font-semibold text-destructive">
                      <AlertTriangle aria-hidden="true" className="size-3.5" />
                      Below{' '}
                      {card.below_floors.length === 1 ? '1 floor' : `${card.below_floors.length} floors`}
                    </span>
                  ) : null}
                  {actions ? <span>{actions(card)}</span> : null}
                </span>
              </th>
              {SCORECARD_FIGURES.map((key) => {
                const figure = card.figures.find((item) => item.key === key);
                const below = figure?.meets_floor === false;
                return (
                  <td
                    key={key}
                    className={cn(
                      cell,
                      'text-right whitespace-nowrap tabular-nums',
                      below && 'bg-destructive-soft font-semibold text-destructive',
                    )}
                  >
                    {figure ? (
                      <span className="inline-flex items-center gap-1">
                        {below ? <AlertTriangle aria-hidden="true" className="size-3.5" /> : null}
                        {figure.value === null ? (
                          <>
                            <span aria-hidden="true">—</span>
                            <span className="sr-only">No data yet</span>
                          </>
                        ) : (
                          formatFigure(figure.unit, figure.value)
                        )}
                        {below ? <span className="sr-only">, below the floor</span> : null}
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
