import type { AgentRecord } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Download, PhoneCall } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormError } from '@/components/form-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatPhone } from '@/lib/format-phone';
import { useStepSubmit } from '@/lib/use-step-submit';
import { cn } from '@/lib/utils';
import { CONTACT_CARD_FILENAME, trackingCardQueryOptions } from '../api/get-tracking-card';
import { useSaveStep } from './use-save-step';
import { WizardActions } from './wizard-frame';

/** An object URL for a downloaded file, released when the page is left. */
function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

const NO_NUMBER_YET = (
  <Alert variant="info">
    <AlertTitle>No tracking number yet</AlertTitle>
    <AlertDescription>
      <p>Your tracking number has not been assigned yet. The office will text it to you.</p>
      <p>You can continue: the contact card will be waiting here once the number is assigned.</p>
    </AlertDescription>
  </Alert>
);

/**
 * The contact card, ready to save; or why there is none yet. Without a number on the record
 * there is no card to ask for (the server would answer 404): the page says so at once.
 */
function ContactCard({ hasNumber }: { hasNumber: boolean }) {
  const card = useQuery({ ...trackingCardQueryOptions(), enabled: hasNumber });
  const url = useObjectUrl(card.data);

  if (!hasNumber) return NO_NUMBER_YET;
  if (card.isPending) return <p className="text-sm text-muted-foreground">Preparing your contact card…</p>;
  if (card.isError) {
    if (isApiError(card.error) && card.error.status === 404) {
      return (
        <Alert variant="info">
          <AlertTitle>No tracking number yet</AlertTitle>
          <AlertDescription>
            <p>{card.error.detail}</p>
            <p>You can continue: the contact card will be waiting here once the number is assigned.</p>
          </AlertDescription>
        </Alert>
      );
    }
    return (
      <Alert variant="destructive">
        <AlertTitle>The contact card could not be prepared</AlertTitle>
        <AlertDescription>
          <p>{errorMessage(card.error)}</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void card.refetch()}>
              Try again
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  }
  if (!url) return null;
  return (
    <div>
      <a href={url} download={CONTACT_CARD_FILENAME} className={cn(buttonVariants({ variant: 'secondary' }))}>
        <Download aria-hidden="true" />
        Download contact card
      </a>
    </div>
  );
}

/** The number leads call and text from, to save in the phone's contacts. */
export function SaveTheNumber({ agent }: { agent: AgentRecord }) {
  const save = useSaveStep('saveTheNumber', agent);
  const submit = useStepSubmit();
  const number = agent.agent_tracking_phone_number;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <PhoneCall aria-hidden="true" className="size-5 text-secondary" />
            Your lead line
          </CardTitle>
          <CardDescription>
            Sellers who answer our advertising call and text you through this number.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {number ? (
            <p className="flex flex-wrap items-center gap-x-2 text-3xl font-semibold tracking-tight tabular-nums">
              <a href={`tel:${number}`} className="whitespace-nowrap text-foreground no-underline">
                {formatPhone(number)}
              </a>
              <CopyButton value={formatPhone(number)} label="Copy number to clipboard" />
            </p>
          ) : null}
          <ContactCard hasNumber={Boolean(number)} />
        </CardContent>
      </Card>
      <section aria-labelledby="why-save" className="grid gap-2">
        <h2 id="why-save" className="text-lg font-semibold">
          Why save it?
        </h2>
        <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
          <li>
            A lead is a homeowner ready to talk now. With the number saved, your phone shows the call as a
            lead instead of an unknown caller, so you answer it.
          </li>
          <li>Many phones silence or hide calls and texts from numbers that are not in your contacts.</li>
          <li>
            Open the contact card on your phone and choose <strong>Add to contacts</strong>; on a computer,
            send it to your phone or add the number by hand.
          </li>
        </ul>
      </section>
      <FormError message={submit.error} />
      <WizardActions
        page="saveTheNumber"
        agent={agent}
        onContinue={() => void submit.run(() => save({}))}
        pending={submit.pending}
      />
    </div>
  );
}
