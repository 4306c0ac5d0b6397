import { ACTIVITY_OUTCOMES, type ActivityOutcome, type Lead } from '@portal/shared';
import { Loader2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormError } from '@/components/form-error';
import { leadName } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useLogActivity } from '../api/log-activity';
import { outcomeLabel } from './lead-timeline';
import type { ContactKind } from './use-contact-return';

/** A text has no voicemail: its choices leave "left message" out. */
const OUTCOMES: Record<ContactKind, readonly ActivityOutcome[]> = {
  call: ACTIVITY_OUTCOMES,
  text: ['no_answer', 'spoke', 'wrong_number'],
};

const NOTE_MAX = 5000;

/**
 * Back from a call or a text: one press says how it went and logs it on the lead (with a note if
 * one was typed). "Not now" logs nothing.
 */
export function LeadOutcomeDialog({
  lead,
  kind,
  onOpenChange,
  returnFocus,
}: {
  lead: Lead;
  /** The contact to ask about; null when the dialog is closed. */
  kind: ContactKind | null;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes once it has closed, when no trigger of its own would take it back. */
  returnFocus?: () => HTMLElement | null;
}) {
  const log = useLogActivity();
  const content = useRef<HTMLDivElement>(null);
  const [note, setNote] = useState('');
  // The kind stays while the dialog closes, so its words do not change under the animation.
  const [shown, setShown] = useState<ContactKind>('call');
  if (kind && kind !== shown) setShown(kind);
  const pendingOutcome = log.isPending ? log.variables?.activity.outcome : undefined;

  const close = () => {
    if (log.isPending) return;
    setNote('');
    log.reset();
    onOpenChange(false);
  };

  const choose = (outcome: ActivityOutcome) => {
    if (log.isPending) return;
    const body = note.trim();
    log.mutate(
      { leadId: lead.id, activity: { kind: shown, outcome, ...(body ? { body } : {}) } },
      {
        onSuccess: () => {
          toast.success(shown === 'call' ? 'Call logged' : 'Text logged');
          setNote('');
          log.reset();
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog open={kind !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        ref={content}
        onOpenAutoFocus={(event) => {
          // The dialog itself, read out from its title: an Enter pressed on the way back logs nothing.
          event.preventDefault();
          content.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocus?.();
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{shown === 'call' ? 'How did the call go?' : 'How did the text go?'}</DialogTitle>
          <DialogDescription>
            {shown === 'call' ? 'Your call to' : 'Your text to'} {leadName(lead)}. Choose what happened to log
            it on the lead.
          </DialogDescription>
        </DialogHeader>
        <fieldset aria-label="What happened" className="min-w-0 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {OUTCOMES[shown].map((outcome) => (
            <Button
              key={outcome}
              variant={outcome === 'spoke' ? 'default' : 'outline'}
              className="h-11"
              aria-disabled={log.isPending || undefined}
              aria-busy={pendingOutcome === outcome || undefined}
              onClick={() => choose(outcome)}
            >
              {pendingOutcome === outcome ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {outcomeLabel(shown, outcome)}
            </Button>
          ))}
        </fieldset>
        <Field label="Note (optional)">
          <Textarea
            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            placeholder="What was said, when to try again…"
            onChange={(event) => setNote(event.target.value)}
          />
        </Field>
        {log.isError ? (
          <FormError
            message={`It was not logged: ${errorMessage(log.error)} Your note is still here: choose what happened again.`}
          />
        ) : null}
        <DialogFooter>
          <Button variant="outline" disabled={log.isPending} onClick={close}>
            Not now
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
