// Finds one agent by name, e-mail, phone or ZIP (GET /admin/agents?q=, after a pause in typing)
// and lets the superuser pick them from the results (a radio group: arrow keys move).
import type { AdminAgentRow } from '@portal/shared';
import { useId, useState } from 'react';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';
import { useAdminAgents } from '../api/agents';
import { AGENT_STATUS_LABELS } from './admin-format';
import { Skeleton } from './load-error';
import { SearchBox } from './search-box';
import { useDebouncedValue } from './use-debounced-value';

const RESULTS = 8;

export function AgentPicker({
  label = 'Find an agent',
  status,
  value,
  onChange,
  error,
}: {
  label?: string;
  /** Only agents with this status (e.g. active: only they receive leads). */
  status?: AdminAgentRow['agent_status'];
  value: AdminAgentRow | null;
  onChange: (agent: AdminAgentRow | null) => void;
  error?: string;
}) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const resultsId = useId();
  const agents = useAdminAgents(
    { q, limit: RESULTS, skip: 0, sort: 'name', order: 'asc', ...(status ? { status } : {}) },
    { enabled: q.length > 0 },
  );
  const items = q ? (agents.data?.items ?? []) : [];
  // The chosen agent stays on the list while the search changes.
  const shown = value && !items.some((agent) => agent.id === value.id) ? [value, ...items] : items;

  return (
    <div className="grid gap-3">
      <SearchBox label={label} value={text} onChange={setText} placeholder="Name, e-mail, phone or ZIP" />
      <div aria-live="polite" className="text-sm text-muted-foreground">
        {!q && !value
          ? `Type to search${status ? ` ${AGENT_STATUS_LABELS[status].toLowerCase()}` : ''} agents.`
          : null}
        {q && agents.isError ? 'The search failed. Try again in a moment.' : null}
        {q && agents.data && !agents.isFetching && items.length === 0
          ? `No ${status ?? ''} agent matches “${q}”.`
          : null}
      </div>
      {q && agents.isFetching && !agents.data ? (
        <div aria-hidden="true" className="grid gap-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : null}
      {shown.length > 0 ? (
        <RadioGroup
          id={resultsId}
          aria-label="Agents found"
          value={value?.id ?? ''}
          onValueChange={(id) => onChange(shown.find((agent) => agent.id === id) ?? null)}
          aria-invalid={error ? true : undefined}
          className="max-h-64 gap-2 overflow-y-auto"
        >
          {shown.map((agent) => {
            const itemId = `${resultsId}-${agent.id}`;
            return (
              <label
                key={agent.id}
                htmlFor={itemId}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 hover:bg-muted',
                  'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40',
                  value?.id === agent.id && 'border-primary bg-primary-soft hover:bg-primary-soft',
                )}
              >
                <RadioGroupItem id={itemId} value={agent.id} className="mt-0.5" />
                <span className="grid min-w-0 text-sm">
                  <span className="font-medium">{agent.name || agent.email}</span>
                  <span className="break-all text-muted-foreground">
                    {agent.email} · {AGENT_STATUS_LABELS[agent.agent_status]} · {agent.zip_count} ZIP codes
                  </span>
                </span>
              </label>
            );
          })}
        </RadioGroup>
      ) : null}
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
    </div>
  );
}
