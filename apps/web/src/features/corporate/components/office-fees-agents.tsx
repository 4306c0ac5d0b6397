import { formatCents, type OfficeBilling } from '@portal/shared';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCount } from '@/components/leads/lead-format';
import { formatRate } from '@/lib/billing-api';
import { cn } from '@/lib/utils';

type AgentFees = OfficeBilling['agents'][number];

const cell = 'px-3 py-2 align-top';
const money = `${cell} text-right tabular-nums whitespace-nowrap`;

/** The part of the agent's balance past due, in red when there is some. */
function Overdue({ cents }: { cents: number }) {
  return <span className={cn(cents > 0 && 'font-medium text-destructive')}>{formatCents(cents)}</span>;
}

/**
 * Closed leads whose settlement statement the agent has not uploaded: a warning sign and words,
 * not colour alone.
 */
function MissingStatements({ count }: { count: number }) {
  if (count === 0) return <span className="text-muted-foreground">None missing</span>;
  return (
    <span className="inline-flex w-fit items-center gap-1 rounded-sm border border-destructive px-1.5 text-xs font-semibold whitespace-nowrap text-destructive">
      <AlertTriangle aria-hidden="true" className="size-3.5" />
      {formatCount(count)}
      <span className="sr-only"> settlement {count === 1 ? 'statement' : 'statements'}</span> missing
    </span>
  );
}

/** An agent's row as a card, for a phone's width. */
function AgentCard({ agent }: { agent: AgentFees }) {
  const figures: [string, ReactNode][] = [
    ['Rate', formatRate(agent.rate_percent)],
    ['Closings', formatCount(agent.closings)],
    ['Commission', formatCents(agent.commission_cents)],
    ['Fees', formatCents(agent.fees_cents)],
    ['Paid', formatCents(agent.paid_cents)],
    ['Balance', formatCents(agent.balance_cents)],
    ['Overdue', <Overdue key="overdue" cents={agent.overdue_cents} />],
  ];
  return (
    <li
      aria-label={agent.agent_name}
      className="grid gap-3 rounded-lg border border-border bg-background p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{agent.agent_name}</span>
        {agent.missing_statements > 0 ? <MissingStatements count={agent.missing_statements} /> : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        {figures.map(([term, value]) => (
          <div key={term} className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

const COLUMNS = ['Rate', 'Closings', 'Commission', 'Fees', 'Paid', 'Balance', 'Overdue'];

/**
 * Each agent's rate, closings and gross commission, the fees invoiced on them, what was paid and
 * what is still owed, and the closing documents the agent has not uploaded yet.
 */
export function OfficeFeesAgents({ agents, caption }: { agents: AgentFees[]; caption: string }) {
  return (
    <>
      {/* A phone: a card per agent (the table would scroll sideways past its figures). */}
      <ul aria-label={caption} className="grid gap-2 md:hidden">
        {agents.map((agent) => (
          <AgentCard key={agent.agent_id} agent={agent} />
        ))}
      </ul>
      {/* Wider than a narrow window: it scrolls, so the keyboard must be able to reach it (axe). */}
      <section
        aria-label={`${caption} (scrolls sideways on a small screen)`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs focus to scroll by keyboard
        tabIndex={0}
        className="hidden overflow-x-auto rounded-lg border border-border bg-background focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none md:block"
      >
        <table className="w-full min-w-[52rem] border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className={`${cell} font-medium`}>
                Agent
              </th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={`${cell} text-right font-medium`}>
                  {column}
                </th>
              ))}
              <th scope="col" className={`${cell} font-medium`}>
                Closing documents
              </th>
            </tr>
          </thead>
          <tbody>
            {agents.map((agent) => (
              <tr key={agent.agent_id} className="border-t border-border">
                <th scope="row" className={`${cell} font-medium`}>
                  {agent.agent_name}
                </th>
                <td className={money}>{formatRate(agent.rate_percent)}</td>
                <td className={money}>{formatCount(agent.closings)}</td>
                <td className={money}>{formatCents(agent.commission_cents)}</td>
                <td className={money}>{formatCents(agent.fees_cents)}</td>
                <td className={money}>{formatCents(agent.paid_cents)}</td>
                <td className={money}>{formatCents(agent.balance_cents)}</td>
                <td className={money}>
                  <Overdue cents={agent.overdue_cents} />
                </td>
                <td className={cell}>
                  <MissingStatements count={agent.missing_statements} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
