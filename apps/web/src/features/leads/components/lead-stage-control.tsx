import { ACTIVE_STAGES, type ActiveStage, type Lead, LOST_REASON_LABELS, STAGE_LABELS } from '@portal/shared';
import { Archive, Check, CircleCheck, Loader2, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDay } from '@/components/leads/lead-format';
import { sectionTitle } from '@/components/leads/lead-section';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useUpdateLead } from '../api/update-lead';
import { LeadArchiveDialog } from './lead-archive-dialog';
import { LeadCloseDialog } from './lead-close-dialog';
import { LeadDidNotCloseDialog, needsDidNotCloseReason } from './lead-did-not-close-dialog';

/** Each active stage's palette colour (STAGE_COLOURS), spelled out so that Tailwind finds it. */
const STAGE_TEXT: Record<ActiveStage, string> = {
  new: 'text-seller',
  pursuing: 'text-pursuing',
  scheduled: 'text-scheduled',
  valuation: 'text-valuation',
  listed: 'text-listed',
  contract: 'text-contract',
};

/**
 * Where the lead stands and how to move it: the six active stages as buttons (the pressed one is
 * the lead's; moving a lead under contract back asks why it did not close), then Close (agents: the sale's figures) and Archive (lost with a reason, or on
 * hold until a date). An archived or closed lead says why, with Reopen.
 */
export function LeadStageControl({ lead }: { lead: Lead }) {
  const headingId = useId();
  const agent = useAuth().status === 'user';
  const change = useUpdateLead();
  const [closing, setClosing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  // The stage a lead under contract is moving back to, while its reason is asked for.
  const [backTo, setBackTo] = useState<ActiveStage | null>(null);
  const pendingStage = change.isPending ? change.variables?.patch.stage : undefined;
  const reopening = change.isPending && change.variables?.patch.status === 'active';

  const reopen = (
    <Button
      variant="outline"
      pending={reopening}
      onClick={() => change.mutate({ id: lead.id, patch: { status: 'active' } })}
    >
      {reopening ? null : <RotateCcw aria-hidden="true" />}
      Reopen
    </Button>
  );

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className={sectionTitle}>
        Stage
      </h3>
      {lead.status === 'active' ? (
        <>
          <fieldset aria-labelledby={headingId} className="min-w-0 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {ACTIVE_STAGES.map((stage) => {
              const current = lead.stage === stage;
              const saving = pendingStage === stage;
              return (
                <Button
                  key={stage}
                  variant="outline"
                  aria-pressed={current}
                  // Focus stays on the button while it saves; a second move waits for the first.
                  aria-disabled={change.isPending || undefined}
                  aria-busy={saving || undefined}
                  className={cn(
                    'h-auto min-h-11 justify-start py-2 text-left whitespace-normal',
                    current && `border-2 border-current bg-muted font-semibold ${STAGE_TEXT[stage]}`,
                  )}
                  onClick={() => {
                    if (current || change.isPending) return;
                    if (needsDidNotCloseReason(lead.stage, stage)) {
                      change.reset();
                      setBackTo(stage);
                      return;
                    }
                    change.mutate({ id: lead.id, patch: { stage } });
                  }}
                >
                  {saving ? (
                    <Loader2 aria-hidden="true" className="animate-spin" />
                  ) : current ? (
                    <Check aria-hidden="true" />
                  ) : (
                    <span
                      aria-hidden="true"
                      className={cn('size-2.5 rounded-full bg-current', STAGE_TEXT[stage])}
                    />
                  )}
                  {STAGE_LABELS[stage]}
                </Button>
              );
            })}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            {agent ? (
              <Button onClick={() => setClosing(true)}>
                <CircleCheck aria-hidden="true" />
                Close lead
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setArchiving(true)}>
              <Archive aria-hidden="true" />
              Archive
            </Button>
          </div>
        </>
      ) : lead.status === 'archived' ? (
        <div className="grid justify-items-start gap-2">
          <p className="text-sm">{archivedWhy(lead)}</p>
          <div className="flex flex-wrap gap-2">
            {reopen}
            {agent ? (
              <Button onClick={() => setClosing(true)}>
                <CircleCheck aria-hidden="true" />
                Close lead
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="grid justify-items-start gap-2">
          <p className="text-sm">
            {lead.closing_date ? `Closed on ${formatDay(lead.closing_date)}.` : 'Closed.'}
            {agent ? '' : ' Only the agent can reopen a closed lead.'}
          </p>
          {agent ? reopen : null}
        </div>
      )}
      {/* Mounted whatever the stage, so that each closes (and gives focus back) after its save. */}
      {agent ? <LeadCloseDialog lead={lead} open={closing} onOpenChange={setClosing} /> : null}
      <LeadArchiveDialog lead={lead} open={archiving} onOpenChange={setArchiving} />
      <LeadDidNotCloseDialog
        lead={lead}
        to={backTo}
        pending={change.isPending}
        error={backTo && change.isError ? errorMessage(change.error) : null}
        onCancel={() => {
          change.reset();
          setBackTo(null);
        }}
        onMove={(reason) => {
          if (!backTo) return;
          change.mutate(
            { id: lead.id, patch: { stage: backTo, did_not_close_reason: reason } },
            { onSuccess: () => setBackTo(null) },
          );
        }}
      />
    </section>
  );
}

/** "Lost: Not selling." or "On hold until Mar 4, 2027: it comes back to Pursuing then." */
export function archivedWhy(lead: Lead): string {
  if (lead.stage === 'on_hold' && lead.hold_until) {
    return `On hold until ${formatDay(lead.hold_until)}: it comes back to ${STAGE_LABELS.pursuing} then.`;
  }
  if (lead.lost_reason) {
    const why = lead.lost_reason === 'other' && lead.lost_reason_text ? lead.lost_reason_text : undefined;
    return `Lost: ${why ?? LOST_REASON_LABELS[lead.lost_reason]}.`;
  }
  return 'Archived.';
}
