import type { Pipeline, PipelineFigures } from '@portal/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '@/components/leads/lead-format';
import { cn } from '@/lib/utils';
import { formatShare, formatSpeed } from './pipeline-format';
import { PipelineStages } from './pipeline-stages';

/** A figure of the range with the previous period's beside it: "12 vs 9". */
function Compared({ current, previous }: { current: string; previous: string }) {
  return (
    <span className="whitespace-nowrap">
      <span className="font-medium tabular-nums">{current}</span>{' '}
      <span className="text-xs text-muted-foreground tabular-nums">vs {previous}</span>
    </span>
  );
}

const COLUMNS = [
  'Leads by stage',
  'Leads received',
  'Median time to first contact',
  'Contacted within 1 hour',
  'Closings',
  'Stale',
];

function FigureCells({
  figures,
  name,
  staleHref,
}: {
  figures: PipelineFigures;
  name: string;
  staleHref: string;
}) {
  const count = (value: number) => formatCount(value);
  return (
    <>
      <td className="px-3 py-2 align-top">
        <PipelineStages stages={figures.stages} label={`Leads of ${name} by stage`} />
      </td>
      <td className="px-3 py-2 text-right align-top">
        <Compared current={count(figures.received.current)} previous={count(figures.received.previous)} />
      </td>
      <td className="px-3 py-2 text-right align-top">
        <Compared
          current={formatSpeed(figures.speed_to_contact_seconds.current)}
          previous={formatSpeed(figures.speed_to_contact_seconds.previous)}
        />
      </td>
      <td className="px-3 py-2 text-right align-top">
        <Compared
          current={formatShare(figures.contacted_within_hour_share.current)}
          previous={formatShare(figures.contacted_within_hour_share.previous)}
        />
      </td>
      <td className="px-3 py-2 text-right align-top">
        <Compared current={count(figures.closings.current)} previous={count(figures.closings.previous)} />
      </td>
      <td className="px-3 py-2 text-right align-top tabular-nums">
        {figures.stale > 0 ? (
          <Link
            to={staleHref}
            className="font-medium text-destructive underline underline-offset-4 hover:decoration-2 focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            {count(figures.stale)}{' '}
            <span className="sr-only">
              stale {figures.stale === 1 ? 'lead' : 'leads'} of {name}
            </span>
          </Link>
        ) : (
          '0'
        )}
      </td>
    </>
  );
}

/** An agent's figures as a card: what the table's row says, for a phone's width. */
function FigureCard({
  figures,
  name,
  staleHref,
  total = false,
}: {
  figures: PipelineFigures;
  name: string;
  staleHref: string;
  total?: boolean;
}) {
  const rows: [string, ReactNode][] = [
    [
      'Leads received',
      <Compared
        key="received"
        current={formatCount(figures.received.current)}
        previous={formatCount(figures.received.previous)}
      />,
    ],
    [
      'Median time to first contact',
      <Compared
        key="speed"
        current={formatSpeed(figures.speed_to_contact_seconds.current)}
        previous={formatSpeed(figures.speed_to_contact_seconds.previous)}
      />,
    ],
    [
      'Contacted within 1 hour',
      <Compared
        key="share"
        current={formatShare(figures.contacted_within_hour_share.current)}
        previous={formatShare(figures.contacted_within_hour_share.previous)}
      />,
    ],
    [
      'Closings',
      <Compared
        key="closings"
        current={formatCount(figures.closings.current)}
        previous={formatCount(figures.closings.previous)}
      />,
    ],
  ];
  return (
    <li
      className={cn(
        'grid gap-3 rounded-lg border border-border bg-background p-3 text-sm',
        total && 'bg-muted/50',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className={total ? 'font-semibold' : 'font-medium'}>{total ? 'All agents' : name}</span>
        {figures.stale > 0 ? (
          <Link
            to={staleHref}
            className="font-medium text-destructive underline underline-offset-4 hover:decoration-2 focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            {formatCount(figures.stale)} stale
            <span className="sr-only">
              {' '}
              {figures.stale === 1 ? 'lead' : 'leads'} of {name}
            </span>
          </Link>
        ) : (
          <span className="text-muted-foreground">No stale leads</span>
        )}
      </div>
      <PipelineStages stages={figures.stages} label={`Leads of ${name} by stage`} />
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * Each agent's pipeline: leads by stage and stale leads now; leads received, the median time to
 * first contact, the share contacted within the hour and closings in the range, each beside the
 * previous period's. The last row is every agent together.
 */
export function PipelineTable({
  pipeline,
  caption,
  staleHref,
}: {
  pipeline: Pipeline;
  caption: string;
  /** The link to an agent's stale leads (its id), or everyone's ('all'). */
  staleHref: (agent: string) => string;
}) {
  return (
    <>
      {/* A phone: a card per agent (the table would scroll sideways past its figures). */}
      <ul aria-label={caption} className="grid gap-2 md:hidden">
        {pipeline.agents.map((agent) => (
          <FigureCard
            key={agent.agent_id}
            figures={agent}
            name={agent.name}
            staleHref={staleHref(agent.agent_id)}
          />
        ))}
        {pipeline.agents.length > 1 ? (
          <FigureCard figures={pipeline.totals} name="all agents" staleHref={staleHref('all')} total />
        ) : null}
      </ul>
      {/* Wider than a narrow window: it scrolls, so the keyboard must be able to reach it (axe). */}
      <section
        aria-label={`${caption} (scrolls sideways on a small screen)`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs focus to scroll by keyboard
        tabIndex={0}
        className="hidden overflow-x-auto md:block rounded-lg border border-border bg-background focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        <table className="w-full min-w-[58rem] border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="sticky left-0 z-10 bg-muted px-3 py-2 font-medium">
                Agent
              </th>
              {COLUMNS.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={index === 0 ? 'px-3 py-2 font-medium' : 'px-3 py-2 text-right font-medium'}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pipeline.agents.map((agent) => (
              <tr key={agent.agent_id} className="border-t border-border">
                <th scope="row" className="sticky left-0 z-10 bg-background px-3 py-2 align-top font-medium">
                  {agent.name}
                </th>
                <FigureCells figures={agent} name={agent.name} staleHref={staleHref(agent.agent_id)} />
              </tr>
            ))}
          </tbody>
          {pipeline.agents.length > 1 ? (
            <tfoot>
              <tr className="border-t-2 border-border bg-muted/50">
                <th scope="row" className="sticky left-0 z-10 bg-muted px-3 py-2 align-top font-semibold">
                  All agents
                </th>
                <FigureCells figures={pipeline.totals} name="all agents" staleHref={staleHref('all')} />
              </tr>
            </tfoot>
          ) : null}
        </table>
      </section>
    </>
  );
}
