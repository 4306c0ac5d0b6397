import type { CorporateGroup } from '@portal/shared';
import { UsersRound } from 'lucide-react';
import { formatCount } from '@/components/leads/lead-format';
import { cn } from '@/lib/utils';

/** The office's groups as cards; choosing one shows its leads below. */
export function GroupsOverview({
  groups,
  selected,
  onSelect,
}: {
  groups: CorporateGroup[];
  selected: string | null;
  onSelect: (groupId: string) => void;
}) {
  return (
    <ul aria-label="Groups" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {groups.map((group) => {
        const hidden = group.total_agent_count - group.accessible_agent_count;
        const current = group.group_id === selected;
        return (
          <li key={group.group_id}>
            <button
              type="button"
              aria-pressed={current}
              onClick={() => onSelect(group.group_id)}
              className={cn(
                'grid w-full gap-1 rounded-xl border border-border bg-card p-4 text-left shadow-sm hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                current && 'border-primary bg-primary-soft hover:bg-primary-soft',
              )}
            >
              <span className="flex items-center gap-2 font-medium">
                <UsersRound aria-hidden="true" className="size-4 text-primary-text" />
                {group.group_name}
              </span>
              <span className="text-sm text-muted-foreground tabular-nums">
                {formatCount(group.accessible_agent_count)}{' '}
                {group.accessible_agent_count === 1 ? 'agent' : 'agents'}
                {hidden > 0 ? ` (and ${formatCount(hidden)} of another office)` : ''}
              </span>
              <span className="text-sm font-medium text-primary-text">
                {current ? 'Showing its leads' : 'Show its leads'}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
