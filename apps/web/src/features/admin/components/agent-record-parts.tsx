// The read-only parts of an agent's console page: identity, onboarding, agreements, recipients,
// latest leads and the audit history.
import type { AdminAgentDetail, AdminAgreement } from '@portal/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LeadStatusBadge, LeadTypeBadge } from '@/components/leads/lead-badges';
import { formatCount, leadAddress, leadName } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Progress } from '@/components/ui/progress';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatPhone } from '@/lib/format-phone';
import { toast } from '@/lib/toast';
import { downloadAgentDocument } from '../api/agents';
import { labelOf, SECTION_STATUS_LABELS, SECTION_STATUS_TONE } from './admin-format';
import { Facts } from './admin-section';
import { AuditDetails } from './audit-details';
import { CellText, type Column, DataTable } from './data-table';
import { StatusBadge } from './status-badge';
import { formatWhen } from './when';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function AgentIdentity({ detail }: { detail: AdminAgentDetail }) {
  const { agent, user } = detail;
  const address = agent.mailing_address;
  return (
    <Facts
      items={[
        ['Name', agent.agent],
        ['E-mail', agent.agent_email],
        ['Phone', agent.agent_phone ? formatPhone(agent.agent_phone) : ''],
        ['Brokerage', agent.brokerage],
        ['Agent URI', agent.agent_uri],
        ['CRM e-mail', agent.crm_email],
        ['Mailing address', address ? leadAddress(address) : ''],
        ['Time zone', agent.timezone],
        ['Mobile device', agent.mobile_device],
        ['Corporate office', agent.corporate_user_name ?? ''],
        [
          'Access code',
          agent.access_code ? (
            <span key="access-code" className="inline-flex flex-wrap items-center gap-x-1">
              {agent.access_code}
              <CopyButton value={agent.access_code} />
            </span>
          ) : (
            ''
          ),
        ],
        ['ZIP codes served', formatCount(agent.zipcodes.length)],
        [
          'Sign-in account',
          user
            ? `${user.email} · ${user.is_active ? 'active' : 'disabled'} · ${user.is_verified ? 'verified' : 'not verified'}`
            : 'No user account',
        ],
        ['Joined', formatWhen(agent.created_at)],
      ]}
    />
  );
}

export function AgentOnboarding({ onboarding }: { onboarding: AdminAgentDetail['onboarding'] }) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <p className="flex flex-wrap justify-between gap-2 text-sm font-medium">
          <span className="tabular-nums">{onboarding.percent}% of the steps done</span>
          <span>{onboarding.complete ? 'Onboarding complete' : 'Not complete yet'}</span>
        </p>
        <Progress value={onboarding.percent} aria-label="Onboarding progress" />
      </div>
      <ul aria-label="Onboarding sections" className="grid gap-2">
        {onboarding.sections.map((section) => (
          <li key={section.section} className="flex flex-wrap items-center justify-between gap-2">
            <span>{section.title}</span>
            <StatusBadge tone={SECTION_STATUS_TONE[section.status] ?? 'neutral'}>
              {labelOf(SECTION_STATUS_LABELS, section.status)}
            </StatusBadge>
          </li>
        ))}
      </ul>
    </div>
  );
}

const AGREEMENT_TONE = { pending: 'info', completed: 'success', cancelled: 'neutral' } as const;

function AgreementDownload({
  agentId,
  agreement,
  version,
  fileName,
}: {
  agentId: string;
  agreement: AdminAgreement;
  version: 'original' | 'final';
  fileName: string;
}) {
  const [busy, setBusy] = useState(false);
  const label = version === 'final' ? 'Signed PDF' : 'Original PDF';
  return (
    <Button
      variant="outline"
      size="sm"
      pending={busy}
      aria-label={`${label} of the ${agreement.title}`}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadAgentDocument(agentId, agreement.kind, version, fileName);
        } catch (error) {
          toast.error(errorMessage(error, 'The PDF could not be downloaded. Try again in a moment.'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? null : <Download aria-hidden="true" />}
      {label}
    </Button>
  );
}

export function AgentAgreements({ detail }: { detail: AdminAgentDetail }) {
  if (detail.agreements.length === 0) {
    return <p className="text-muted-foreground">No agreement has been prepared for this agent yet.</p>;
  }
  const slug = detail.agent.agent_uri || detail.agent.id;
  return (
    <ul className="grid gap-4">
      {detail.agreements.map((agreement) => (
        <li key={agreement.kind} className="grid gap-2 rounded-lg border border-border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{agreement.title}</span>
            <StatusBadge tone={AGREEMENT_TONE[agreement.status]}>
              {agreement.status === 'completed'
                ? 'Signed'
                : agreement.status === 'pending'
                  ? 'Waiting for signatures'
                  : 'Cancelled'}
            </StatusBadge>
          </div>
          <p className="text-sm text-muted-foreground">
            Prepared {formatWhen(agreement.created_at)}
            {agreement.completed_at ? ` · signed ${formatWhen(agreement.completed_at)}` : ''} ·{' '}
            {agreement.provider}
          </p>
          {agreement.signers.length > 0 ? (
            <ul className="grid gap-1 text-sm">
              {agreement.signers.map((signer) => (
                <li key={`${signer.role}-${signer.email}`}>
                  {signer.name} ({signer.role}):{' '}
                  {signer.signed_at ? `signed ${formatWhen(signer.signed_at)}` : 'not signed yet'}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <AgreementDownload
              agentId={detail.agent.id}
              agreement={agreement}
              version="original"
              fileName={`${agreement.kind}-agreement-${slug}-unsigned.pdf`}
            />
            {agreement.final_pdf_url ? (
              <AgreementDownload
                agentId={detail.agent.id}
                agreement={agreement}
                version="final"
                fileName={`${agreement.kind}-agreement-${slug}.pdf`}
              />
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

type Recipient = AdminAgentDetail['recipients'][number];

const channels = (r: Recipient) =>
  [r.send_sms && 'Text', r.send_email && 'E-mail', r.phone_call && 'Call'].filter(Boolean).join(', ') ||
  'None';

const RECIPIENT_COLUMNS: Column<Recipient>[] = [
  {
    key: 'name',
    label: 'Name',
    nowrap: true,
    render: (r) => (
      <span className="grid">
        <span>{`${r.first_name} ${r.last_name}`.trim()}</span>
        <span className="text-muted-foreground">
          {[r.is_agent && 'The agent', r.is_primary && 'primary'].filter(Boolean).join(', ')}
        </span>
      </span>
    ),
  },
  {
    key: 'phone',
    label: 'Phone',
    nowrap: true,
    render: (r) => (r.phone_number ? formatPhone(r.phone_number) : '—'),
  },
  { key: 'email', label: 'E-mail', render: (r) => (r.email ? <CellText text={r.email} /> : '—') },
  { key: 'channels', label: 'Receives by', render: channels },
  { key: 'active', label: 'Active', render: (r) => yesNo(r.is_active) },
];

export function AgentRecipients({ recipients }: { recipients: Recipient[] }) {
  return (
    <DataTable
      label="Lead recipients"
      columns={RECIPIENT_COLUMNS}
      rows={recipients}
      rowKey={(r) => r.id}
      minWidth="36rem"
      empty="Nobody receives this agent's leads yet."
    />
  );
}

export function AgentLatestLeads({ detail }: { detail: AdminAgentDetail }) {
  const { items, counts } = detail.leads;
  return (
    <div className="grid gap-3">
      <p className="text-sm tabular-nums">
        {formatCount(counts.active)} active · {formatCount(counts.archived)} archived ·{' '}
        {formatCount(counts.closed)} closed
      </p>
      {items.length === 0 ? (
        <p className="text-muted-foreground">No leads yet.</p>
      ) : (
        <ul aria-label="Latest leads" className="grid gap-2">
          {items.map((lead) => (
            <li key={lead.id} className="grid gap-1 rounded-lg border border-border p-3">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{leadName(lead)}</span>
                <LeadTypeBadge type={lead.lead_type} />
                <LeadStatusBadge status={lead.status} />
              </span>
              <span className="text-sm">{leadAddress(lead)}</span>
              <span className="text-sm text-muted-foreground">
                <time dateTime={lead.created_at}>{formatWhen(lead.created_at)}</time>
                {lead.routing ? ` · ${lead.routing.reason}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={`${paths.adminLeads.href()}?${new URLSearchParams({ agent_id: detail.agent.id })}`}>
          All leads of this agent
        </Link>
      </p>
    </div>
  );
}

type Entry = AdminAgentDetail['audit'][number];

const AUDIT_COLUMNS: Column<Entry>[] = [
  {
    key: 'when',
    label: 'When',
    render: (e) => <time dateTime={e.created_at}>{formatWhen(e.created_at)}</time>,
  },
  {
    key: 'actor',
    label: 'Who',
    render: (e) => <CellText text={e.actor_email ?? 'The system'} />,
  },
  { key: 'action', label: 'What', render: (e) => <code className="text-xs">{e.action}</code> },
  { key: 'details', label: 'Details', render: (e) => <AuditDetails details={e.details} /> },
];

export function AgentAuditHistory({ entries }: { entries: Entry[] }) {
  return (
    <DataTable
      label="Audit history"
      columns={AUDIT_COLUMNS}
      rows={entries}
      rowKey={(e) => e.id}
      minWidth="40rem"
      empty="Nothing has been changed on this agent from the console yet."
    />
  );
}
