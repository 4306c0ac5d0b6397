// The access codes: uses, expiry, who a code binds new agents to, its state, and under each
// code (opened with the code's button) the agents who signed up with it.
import type { AdminAccessCode } from '@portal/shared';
import { ChevronDown, ChevronRight } from 'lucide-react';
import type * as React from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCount } from '@/components/leads/lead-format';
import { CopyButton } from '@/components/ui/copy-button';
import { paths } from '@/config/paths';
import { AccessCodeEditDialog } from './access-code-edit-dialog';
import { AccessCodeToggle } from './access-code-toggle';
import { formatPercent } from './billing-format';
import { type Column, DataTable, type TableSorting } from './data-table';
import { type BadgeTone, StatusBadge } from './status-badge';
import { formatDate, formatWhen } from './when';

type CodeState = 'active' | 'disabled' | 'expired' | 'used_up';

const STATE: Record<CodeState, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  disabled: { label: 'Disabled', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'warning' },
  used_up: { label: 'Used up', tone: 'info' },
};

/** Disabled wins over expired, expired over used up: the first reason a code is refused. */
export function accessCodeState(code: AdminAccessCode, now = Date.now()): CodeState {
  if (code.disabled) return 'disabled';
  if (code.expires_at && new Date(code.expires_at).getTime() <= now) return 'expired';
  if (code.max_uses !== null && code.used_count >= code.max_uses) return 'used_up';
  return 'active';
}

const signupsId = (code: AdminAccessCode) => `access-code-signups-${code.id}`;

function Signups({ code }: { code: AdminAccessCode }) {
  if (code.signups.length === 0) {
    return (
      <p id={signupsId(code)} className="text-muted-foreground">
        No agent has signed up with {code.code} yet.
      </p>
    );
  }
  return (
    <div id={signupsId(code)} className="grid gap-2">
      <p className="font-medium">
        Sign-ups with <span className="font-mono">{code.code}</span>
        {code.used_count > code.signups.length
          ? ` (the latest ${code.signups.length} of ${formatCount(code.used_count)})`
          : ''}
      </p>
      <ul className="grid gap-1">
        {code.signups.map((signup) => (
          <li key={signup.agent_id} className="flex flex-wrap gap-x-3 gap-y-0.5">
            <Link to={paths.adminAgent.href(signup.agent_id)}>{signup.name || signup.email}</Link>
            <span className="text-muted-foreground">{signup.email}</span>
            <span className="text-muted-foreground">{formatWhen(signup.created_at)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AccessCodesTable({
  rows,
  loading,
  empty,
  sorting,
}: {
  rows: AdminAccessCode[] | undefined;
  loading: boolean;
  empty: React.ReactNode;
  sorting: TableSorting;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<AdminAccessCode>[] = [
    {
      key: 'code',
      sortable: true,
      label: 'Code',
      render: (code) => {
        const expanded = open.has(code.id);
        const Icon = expanded ? ChevronDown : ChevronRight;
        return (
          <span className="inline-flex flex-wrap items-center gap-x-1">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={expanded ? signupsId(code) : undefined}
              onClick={() => toggle(code.id)}
              className="inline-flex min-h-10 items-center gap-1 rounded-md font-mono font-medium hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              {code.code} <span className="sr-only">sign-ups</span>
            </button>
            <CopyButton value={code.code} />
          </span>
        );
      },
    },
    {
      key: 'description',
      label: 'Description',
      render: (code) => code.description || <span className="text-muted-foreground">—</span>,
      className: 'max-w-64 [overflow-wrap:anywhere]',
    },
    {
      key: 'used_count',
      sortable: true,
      label: 'Uses',
      numeric: true,
      render: (code) =>
        code.max_uses === null
          ? `${formatCount(code.used_count)} used, no limit`
          : code.max_uses === 0
            ? `${formatCount(code.used_count)} used, closed`
            : `${formatCount(code.used_count)} of ${formatCount(code.max_uses)}`,
    },
    {
      key: 'expires_at',
      sortable: true,
      label: 'Expires',
      render: (code) => (code.expires_at ? formatDate(code.expires_at) : 'Never'),
    },
    {
      key: 'referral_fee',
      label: 'Fee',
      numeric: true,
      nowrap: true,
      render: (code) =>
        code.referral_fee_percent === null ? (
          <span className="text-muted-foreground">Default</span>
        ) : (
          formatPercent(code.referral_fee_percent)
        ),
    },
    {
      key: 'bound',
      label: 'Corporate user / group',
      render: (code) =>
        code.corporate_user_id ? (
          <span className="grid">
            <span>{code.corporate_user_name ?? 'Unnamed corporate user'}</span>
            {code.group_id ? (
              <Link to={paths.adminGroup.href(code.group_id)} className="text-sm">
                {code.group_name ?? 'Group'}
              </Link>
            ) : (
              <span className="text-sm text-muted-foreground">No group</span>
            )}
          </span>
        ) : (
          <span className="text-muted-foreground">None</span>
        ),
    },
    {
      key: 'state',
      label: 'State',
      render: (code) => {
        const state = STATE[accessCodeState(code)];
        return <StatusBadge tone={state.tone}>{state.label}</StatusBadge>;
      },
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (code) => (
        <div className="flex flex-wrap gap-2">
          <AccessCodeEditDialog code={code} />
          <AccessCodeToggle code={code} />
        </div>
      ),
    },
  ];

  return (
    <DataTable
      label="Access codes"
      columns={columns}
      rows={rows}
      rowKey={(code) => code.id}
      loading={loading}
      empty={empty}
      minWidth="60rem"
      expandedRow={(code) => (open.has(code.id) ? <Signups code={code} /> : null)}
      {...sorting}
    />
  );
}
