import type { LeadsList } from '@portal/shared';
import { CircleCheck, Inbox, SearchX } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import type { LeadsTab } from '../api/get-leads';

function Empty({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="items-center gap-3 py-10 text-center">
      {icon}
      <p className="font-medium">{title}</p>
      <div className="grid max-w-md justify-items-center gap-3 text-sm text-muted-foreground">{children}</div>
    </Card>
  );
}

/**
 * What an empty list means depends on why it is empty: no leads at all, none here, or no match.
 * `queue`: the work queue, whose leads are the active ones.
 */
export function LeadsEmpty({
  list,
  tab,
  q,
  audience,
  queue = false,
  onClearSearch,
  onShowAll,
}: {
  list: LeadsList;
  tab: LeadsTab;
  q: string;
  audience: 'agent' | 'recipient';
  queue?: boolean;
  onClearSearch: () => void;
  onShowAll: () => void;
}) {
  const icon = <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />;
  const anyLeads = list.counts.active + list.counts.archived + list.counts.closed > 0;
  // An active agent is told that leads are on their way, not that the account must become active.
  const active = useAuth().me?.agent_profile?.agent_status === 'active';

  if (q) {
    const elsewhere = (queue || tab !== 'all') && anyLeads;
    return (
      <Empty
        icon={<SearchX className="size-8 text-muted-foreground" aria-hidden="true" />}
        title="No leads match your search"
      >
        <p>
          Nothing {queue ? 'in your queue ' : tab === 'all' ? '' : `${tab} `}matches “{q}”. Search looks in
          the seller's name, phone number and the property address.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" onClick={onClearSearch}>
            Clear search
          </Button>
          {elsewhere ? (
            <Button variant="outline" onClick={onShowAll}>
              Search all leads
            </Button>
          ) : null}
        </div>
      </Empty>
    );
  }

  if (!anyLeads) {
    return (
      <Empty icon={icon} title="No leads yet">
        {audience === 'agent' ? (
          <p>
            {active
              ? 'Your account is active: each new lead appears here as soon as a seller in one of your ZIP codes asks about selling, and reaches you and your lead recipients by text, e-mail or call.'
              : 'Leads arrive once your account is active, when a seller in one of your ZIP codes asks about selling. Each one is sent to you and your lead recipients by text, e-mail or call, and listed here.'}
          </p>
        ) : (
          <p>
            Leads delivered to you are listed here as they arrive, newest first. Each one also reaches you by
            text, e-mail or call.
          </p>
        )}
      </Empty>
    );
  }

  if (queue) {
    return (
      <Empty
        icon={<CircleCheck className="size-8 text-primary-text" aria-hidden="true" />}
        title="Nothing to call right now"
      >
        <p>
          No active lead is waiting for you. New leads come here first as they arrive, and a lead on hold
          comes back on its date. Archived and closed leads are under All leads.
        </p>
        <Button variant="outline" onClick={onShowAll}>
          See all leads
        </Button>
      </Empty>
    );
  }

  const titles: Record<Exclude<LeadsTab, 'all'>, [string, string]> = {
    active: [
      'No active leads',
      'New leads appear here as they arrive. Leads you archived or closed are in their own tabs.',
    ],
    archived: [
      'No archived leads',
      'Archive a lead you are no longer working to keep your active list short.',
    ],
    closed: [
      'No closed leads yet',
      'Close a lead when the sale closes, with the closing date, sale price and commission.',
    ],
  };
  const [title, text] = tab === 'all' ? ['No leads', ''] : titles[tab];
  return (
    <Empty icon={icon} title={title}>
      {text ? <p>{text}</p> : null}
    </Empty>
  );
}
