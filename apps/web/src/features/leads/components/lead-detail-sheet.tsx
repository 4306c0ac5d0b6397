import type { Lead, LeadDetail } from '@portal/shared';
import { Copy, Mail, MessageSquare, Phone, Send } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { LeadStatusBadge, LeadTypeBadge } from '@/components/leads/lead-badges';
import { leadAddress, leadName } from '@/components/leads/lead-format';
import { Section } from '@/components/leads/lead-section';
import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatPhone } from '@/lib/format-phone';
import { toast } from '@/lib/toast';
import { useLead } from '../api/get-lead';
import { useSendEmailOptions } from '../api/get-send-email-options';
import { openOffer } from '../api/lead-offers';
import { LeadActivityThread } from './lead-activity-thread';
import { LeadClosingSection } from './lead-closing-section';
import { LeadFirstContact } from './lead-first-contact';
import { LeadHandBackDialog } from './lead-hand-back-dialog';
import { LeadNextActionControl } from './lead-next-action-control';
import { LeadOfferPanel } from './lead-offer-panel';
import { LeadOutcomeDialog } from './lead-outcome-dialog';
import { LeadStageControl } from './lead-stage-control';
import { zipFieldsNote } from './lead-timeline';
import { StageChip } from './stage-chip';
import { type ContactKind, useContactReturn } from './use-contact-return';

// The composer (and its editor, tiptap) loads when it is about to be used, not with the list.
const loadComposer = () => import('./lead-send-email-dialog');
const LeadSendEmailDialog = lazy(() =>
  loadComposer().then((module) => ({ default: module.LeadSendEmailDialog })),
);

/**
 * The lead opened from the list (?lead=<id>): a side sheet on a wide screen, the whole screen
 * on a phone. Shows the row already loaded at once; the timeline follows. Everything an agent
 * does with a lead is here: call or text (and say how it went), move its stage, set the next
 * action, and keep the thread of notes and activity.
 */
export function LeadDetailSheet({
  leadId,
  row,
  onClose,
}: {
  leadId: string | null;
  row: Lead | undefined;
  onClose: () => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  return (
    <Sheet open={leadId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {leadId ? (
        <SheetContent
          ref={panel}
          onOpenAutoFocus={(event) => {
            // The panel itself, not its first button: a screen reader starts at the lead's name,
            // and a stray Enter archives nothing. Tab goes on to Call.
            event.preventDefault();
            panel.current?.focus();
          }}
          onInteractOutside={(event) => {
            // A toast's Undo or Close acts on the lead: the panel stays open.
            if ((event.target as Element | null)?.closest?.('[data-sonner-toaster]')) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            // Back to the lead's row, also when the panel was opened from a link.
            const row = document.querySelector<HTMLElement>(`[data-lead-row="${CSS.escape(leadId)}"]`);
            if (row) {
              event.preventDefault();
              row.focus();
            }
          }}
        >
          <LeadPanel key={leadId} id={leadId} row={row} onClose={onClose} />
        </SheetContent>
      ) : null}
    </Sheet>
  );
}

function LeadPanel({ id, row, onClose }: { id: string; row: Lead | undefined; onClose: () => void }) {
  const detail = useLead(id);
  const lead: Lead | LeadDetail | undefined = detail.data ?? row;
  // A lead that was ours and is no longer (passed on, lapsed, reassigned): the sheet closes.
  const gone = lead !== undefined && isApiError(detail.error) && detail.error.status === 404;
  useEffect(() => {
    if (!gone) return;
    toast.info('This lead went to another agent');
    onClose();
  }, [gone, onClose]);

  if (!lead) {
    if (detail.isError) {
      const missing = isApiError(detail.error) && detail.error.status === 404;
      return (
        <>
          <SheetHeader>
            <SheetTitle>{missing ? 'Lead not found' : 'The lead could not be loaded'}</SheetTitle>
            <SheetDescription>
              {missing
                ? 'This lead is not among your leads. It may have been reassigned, or the link is incomplete.'
                : errorMessage(detail.error)}
            </SheetDescription>
          </SheetHeader>
          {missing ? null : (
            <SheetBody>
              <div>
                <Button variant="outline" onClick={() => void detail.refetch()} pending={detail.isFetching}>
                  Try again
                </Button>
              </div>
            </SheetBody>
          )}
        </>
      );
    }
    return (
      <>
        <SheetHeader>
          <SheetTitle>Loading the lead…</SheetTitle>
          <SheetDescription className="sr-only">The lead's details are on their way.</SheetDescription>
        </SheetHeader>
        <SheetBody aria-busy="true">
          <div aria-hidden="true" className="grid animate-pulse gap-3">
            <div className="h-10 w-full rounded bg-muted" />
            <div className="h-4 w-2/3 rounded bg-muted" />
            <div className="h-24 w-full rounded bg-muted" />
          </div>
        </SheetBody>
      </>
    );
  }

  const offer = openOffer(lead);
  if (offer) return <LeadOfferPanel lead={lead} offer={offer} onClose={onClose} />;
  return <LeadSheetContent lead={lead} detail={detail} onClose={onClose} />;
}

function LeadSheetContent({
  lead,
  detail,
  onClose,
}: {
  lead: Lead;
  detail: ReturnType<typeof useLead>;
  onClose: () => void;
}) {
  // A team member sees neither the sale price nor the commission (the server sends null).
  const agent = useAuth().status === 'user';
  const [asking, setAsking] = useState<ContactKind | null>(null);
  const contacted = useContactReturn(setAsking);
  return (
    <>
      <SheetHeader>
        <SheetTitle>{leadName(lead)}</SheetTitle>
        <SheetDescription>
          Received <RelativeTime value={lead.created_at} />
        </SheetDescription>
        <div className="flex flex-wrap gap-2">
          <LeadTypeBadge type={lead.lead_type} />
          <StageChip stage={lead.stage} />
          {lead.status === 'archived' ? <LeadStatusBadge status={lead.status} /> : null}
        </div>
        <LeadFirstContact lead={lead} />
      </SheetHeader>
      <SheetBody>
        <ContactSection lead={lead} onContact={contacted} />
        <LeadStageControl lead={lead} />
        {lead.status === 'active' ? <LeadNextActionControl lead={lead} /> : null}
        <Section title="Property">
          <p className="break-words">{leadAddress(lead)}</p>
          {lead.county ? <p className="text-sm text-muted-foreground">{lead.county} County</p> : null}
          {detail.data ? <ZipFieldsNote events={detail.data.events} /> : null}
        </Section>
        {lead.status === 'closed' ? <LeadClosingSection lead={lead} money={agent} /> : null}
        <LeadActivityThread lead={lead} detail={detail} money={agent} />
        {agent && lead.status === 'active' ? <ReleaseLead lead={lead} onClose={onClose} /> : null}
      </SheetBody>
      <LeadOutcomeDialog
        lead={lead}
        kind={asking}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
      />
    </>
  );
}

/**
 * An accepted lead the agent cannot serve goes back to routing, with the reason: at the foot of
 * the sheet, away from the everyday actions. The agent's alone: a team member cannot release.
 */
function ReleaseLead({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Section title="Cannot serve this seller?">
      <p className="text-sm text-muted-foreground">
        Release the lead and it goes to the next eligible agent. You will no longer see it.
      </p>
      <div>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Release lead
        </Button>
      </div>
      <LeadHandBackDialog
        leadId={lead.id}
        kind="release"
        open={open}
        onOpenChange={setOpen}
        onDone={onClose}
      />
    </Section>
  );
}

/** "City, county and state from the ZIP code": what the intake filled in, the client having sent none. */
function ZipFieldsNote({ events }: { events: LeadDetail['events'] }) {
  const filled = events.find((event) => event.kind === 'zip_details');
  const note = filled ? zipFieldsNote(filled.details) : undefined;
  return note ? <p className="text-sm text-muted-foreground">{note}</p> : null;
}

const linkButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-md border border-border bg-background px-4 text-sm font-medium text-foreground no-underline shadow-xs hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none [&_svg]:size-4';

/** Call and Text open the phone's apps; back on the page, the sheet asks how it went. */
function ContactSection({ lead, onContact }: { lead: Lead; onContact: (kind: ContactKind) => void }) {
  const phone = formatPhone(lead.phone);
  // A signed-in agent writes from the portal (the composer); a recipient has their own mail app.
  const agent = useAuth().status === 'user';
  return (
    <Section title="Contact">
      {lead.phone ? (
        <p>
          <a href={`tel:${lead.phone}`} className="text-lg font-medium" onClick={() => onContact('call')}>
            {phone}
          </a>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">No phone number given.</p>
      )}
      {lead.email ? <EmailAddress email={lead.email} /> : null}
      <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
        {lead.phone ? (
          <>
            <a
              href={`tel:${lead.phone}`}
              className={`${linkButton} border-primary bg-primary text-primary-foreground hover:bg-primary-hover`}
              onClick={() => onContact('call')}
            >
              <Phone aria-hidden="true" />
              Call
            </a>
            <a href={`sms:${lead.phone}`} className={linkButton} onClick={() => onContact('text')}>
              <MessageSquare aria-hidden="true" />
              Text
            </a>
          </>
        ) : null}
        {agent ? <SendEmailAction lead={lead} /> : lead.email ? <MailtoLink email={lead.email} /> : null}
      </div>
    </Section>
  );
}

function MailtoLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={linkButton}>
      <Mail aria-hidden="true" />
      E-mail
    </a>
  );
}

/** The lead's address as text, to read or select, with a button that copies it. */
function EmailAddress({ email }: { email: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(email);
      toast.success('E-mail address copied');
    } catch {
      toast.error('Could not copy the e-mail address', { description: 'Select it and copy it yourself.' });
    }
  };
  return (
    <p className="flex items-center gap-1">
      <span className="min-w-0 break-all">{email}</span>
      <Button
        variant="ghost"
        size="icon"
        className="size-11 shrink-0"
        aria-label="Copy e-mail address"
        title="Copy e-mail address"
        onClick={() => void copy()}
      >
        <Copy aria-hidden="true" />
      </Button>
    </p>
  );
}

/**
 * "Send e-mail": the lead sheet's one e-mail action, to the lead or one of the agent's recipients
 * through the portal. Unavailable, with the reason beside it, when there is nobody with an
 * address to write to; when the portal's e-mail cannot be used (the options do not load: an
 * agent who may not e-mail from the portal), the lead's address opens the mail app instead.
 */
function SendEmailAction({ lead }: { lead: Lead }) {
  const options = useSendEmailOptions(lead.id, { enabled: true });
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const reasonId = useId();
  const nobody = options.data?.to.length === 0;
  const awaiting = (options.data?.awaiting_confirmation.length ?? 0) > 0;
  const reason = options.isError
    ? `E-mail is not available right now: ${errorMessage(options.error)}`
    : nobody
      ? awaiting
        ? 'No e-mail address to write to yet: this lead has none, and your recipients have not confirmed their address (they confirm it with the link in the invitation we sent them).'
        : 'No e-mail address to write to: this lead has none, and none of your recipients has one.'
      : null;
  const unavailable = !options.data || nobody;
  const preload = () => void loadComposer();
  if (options.isError && lead.email) return <MailtoLink email={lead.email} />;
  return (
    <>
      <Button
        variant="outline"
        // As tall as Call and Text beside it.
        className="h-11"
        // Focusable while unavailable, so the reason is read out with it.
        aria-disabled={unavailable || undefined}
        aria-describedby={reason ? reasonId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          if (unavailable) return;
          setWanted(true);
          setOpen(true);
        }}
      >
        <Send aria-hidden="true" />
        Send e-mail
      </Button>
      {reason ? (
        <p id={reasonId} className="col-span-3 basis-full text-sm text-muted-foreground">
          {reason}
        </p>
      ) : null}
      {wanted && options.data ? (
        <Suspense
          fallback={
            <span role="status" className="sr-only">
              Opening the e-mail composer…
            </span>
          }
        >
          <LeadSendEmailDialog lead={lead} options={options.data} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
