import type { LinkedAgent } from '@portal/shared';
import { ArrowDown, ArrowUp, ArrowUpDown, Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { formatCount, formatMoney } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { AGENT_STATUS_LABELS, answerRate, formatPercent } from './corporate-format';

type SortKey = 'name' | 'status' | 'leads' | 'answer' | 'closings' | 'commission';

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'Agent' },
  { key: 'status', label: 'Status' },
  { key: 'leads', label: 'Leads (30 days)', numeric: true },
  { key: 'answer', label: 'Answer rate', numeric: true },
  { key: 'closings', label: 'Closings', numeric: true },
  { key: 'commission', label: 'Commission', numeric: true },
];

const VALUE: Record<SortKey, (agent: LinkedAgent) => string | number> = {
  name: (agent) => agent.name.toLowerCase(),
  status: (agent) => agent.agent_status,
  leads: (agent) => agent.leads_last_30_days,
  answer: (agent) => answerRate(agent.answer_rate) ?? -1,
  closings: (agent) => agent.total_closings,
  commission: (agent) => agent.total_gross_commission_earned,
};

/** The office's agents, searchable by name, e-mail or group, sortable by every column. */
export function AgentsTable({
  agents,
  onShowLeads,
}: {
  agents: LinkedAgent[];
  /** Opens the group leads filtered to this agent (its first group). */
  onShowLeads: (agent: LinkedAgent) => void;
}) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'name', descending: false });

  const rows = useMemo(() => {
    const text = deferred.trim().toLowerCase();
    const matching = text
      ? agents.filter((agent) =>
          [agent.name, agent.email, agent.agent_uri, ...agent.groups.map((group) => group.group_name)]
            .join(' ')
            .toLowerCase()
            .includes(text),
        )
      : agents;
    const value = VALUE[sort.key];
    return [...matching].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      const order = x < y ? -1 : x > y ? 1 : a.name.localeCompare(b.name);
      return sort.descending ? -order : order;
    });
  }, [agents, deferred, sort]);

  const sortBy = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, descending: !current.descending }
        : { key, descending: COLUMNS.find((column) => column.key === key)?.numeric === true },
    );

  return (
    <div className="grid gap-3">
      <div className="relative max-w-sm">
        <label htmlFor={searchId} className="sr-only">
          Search agents
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search by name, e-mail or group"
          className="pl-9"
        />
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {agents.length === 0 ? 'No data' : 'No matching data'}
          {agents.length > 0 ? (
            <>
              {' '}
              for “{deferred}”.{' '}
              <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setQuery('')}>
                Clear the search
              </Button>
            </>
          ) : null}
        </p>
      ) : (
        <div className="relative max-h-[32rem] overflow-auto rounded-lg border border-border bg-background">
          <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
            <caption className="sr-only">
              Your agents, sorted by {COLUMNS.find((column) => column.key === sort.key)!.label}
              {sort.descending ? ', highest first' : ''}
            </caption>
            <thead className="sticky top-0 z-10 bg-muted">
              <tr>
                {COLUMNS.map((column) => {
                  const active = sort.key === column.key;
                  const Icon = active ? (sort.descending ? ArrowDown : ArrowUp) : ArrowUpDown;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                      className={column.numeric ? 'text-right' : undefined}
                    >
                      <button
                        type="button"
                        onClick={() => sortBy(column.key)}
                        className="inline-flex min-h-10 w-full items-center gap-1 px-3 py-2 font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none data-[numeric=true]:justify-end"
                        data-numeric={column.numeric === true}
                      >
                        {column.label}
                        <Icon aria-hidden="true" className="size-3.5 text-muted-foreground" />
                      </button>
                    </th>
                  );
                })}
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Leads</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((agent) => (
                <tr key={agent.id} className="border-t border-border">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <span className="block font-medium">{agent.name}</span>
                    <span className="block text-muted-foreground">
                      {agent.groups.map((group) => group.group_name).join(', ') || 'No group'}
                    </span>
                  </th>
                  <td className="px-3 py-2">{AGENT_STATUS_LABELS[agent.agent_status]}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatCount(agent.leads_last_30_days)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatPercent(answerRate(agent.answer_rate))}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCount(agent.total_closings)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatMoney(agent.total_gross_commission_earned)}
                  </td>
                  <td className="px-3 py-2 text-right">
                    {agent.groups.length > 0 ? (
                      <Button variant="outline" size="sm" onClick={() => onShowLeads(agent)}>
                        Leads<span className="sr-only"> of {agent.name}</span>
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {formatCount(rows.length)} of {formatCount(agents.length)} agents
      </p>
    </div>
  );
}
