// "Add agent": search the agents (debounced), tick "manager" if they should manage the group,
// and add one with its button. Agents already in the group say so instead.
import type { AdminGroupDetail } from '@portal/shared';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAdminAgents } from '../api/agents';
import { usePutGroupMember } from '../api/groups';
import { AGENT_STATUS_LABELS, AGENT_STATUS_TONE } from './admin-format';
import { Skeleton } from './load-error';
import { SearchBox } from './search-box';
import { StatusBadge } from './status-badge';
import { useDebouncedValue } from './use-debounced-value';

const RESULTS = 8;

export function GroupAddMember({ group }: { group: AdminGroupDetail }) {
  const [text, setText] = useState('');
  const [manager, setManager] = useState(false);
  const managerId = useId();
  const q = useDebouncedValue(text.trim()).slice(0, 100);
  const searching = q.length >= 2;
  const agents = useAdminAgents({ q, limit: RESULTS, sort: 'name', order: 'asc' }, { enabled: searching });
  const add = usePutGroupMember(group.id);
  const members = new Set(group.members.map((member) => member.agent_id));

  return (
    <div className="grid gap-4">
      <div className="grid items-end gap-4 sm:grid-cols-[minmax(0,1fr)_auto]">
        <SearchBox
          label="Find an agent"
          placeholder="Name, e-mail, phone or agent URI"
          value={text}
          onChange={setText}
        />
        <div className="flex min-h-10 items-center gap-2">
          <input
            id={managerId}
            type="checkbox"
            checked={manager}
            onChange={(event) => setManager(event.target.checked)}
            className="size-4 accent-primary"
          />
          <label htmlFor={managerId} className="text-sm font-medium">
            Add as manager
          </label>
        </div>
      </div>
      <div aria-live="polite" className="grid gap-2">
        {!searching ? (
          <p className="text-sm text-muted-foreground">Type at least 2 characters to find agents.</p>
        ) : agents.isPending ? (
          <div className="grid gap-2">
            <span className="sr-only">Searching…</span>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : agents.isError ? (
          <p className="text-sm text-destructive">
            The search did not work. Change the text to try again, or reload the page.
          </p>
        ) : agents.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No agent matches “{q}”.</p>
        ) : (
          <ul
            aria-label="Agents found"
            className="grid divide-y divide-border rounded-lg border border-border"
          >
            {agents.data.items.map((agent) => {
              const name = agent.name || agent.email;
              const adding = add.isPending && add.variables?.agent_id === agent.id;
              return (
                <li key={agent.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span className="grid min-w-0">
                    <span className="font-medium">{name}</span>
                    <span className="break-all text-sm text-muted-foreground">
                      {agent.email}
                      {agent.corporate_user_name ? ` · ${agent.corporate_user_name}` : ''}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <StatusBadge tone={AGENT_STATUS_TONE[agent.agent_status]}>
                      {AGENT_STATUS_LABELS[agent.agent_status]}
                    </StatusBadge>
                    {members.has(agent.id) ? (
                      <span className="text-sm text-muted-foreground">In the group</span>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline"
                        pending={adding}
                        disabled={add.isPending}
                        onClick={() =>
                          add.mutate(
                            { agent_id: agent.id, is_manager: manager, name, adding: true },
                            // Untick it: the next agent added is a plain member unless ticked again.
                            { onSuccess: () => setManager(false) },
                          )
                        }
                      >
                        <UserPlus aria-hidden="true" />
                        Add <span className="sr-only">{`${name}${manager ? ' as manager' : ''}`}</span>
                      </Button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
