import {
  type AgentRecord,
  type DocumentState,
  SIGNING_DOCUMENT_TITLES,
  SIGNING_MESSAGES,
  type SignatureResponse,
  type Signer,
  type SigningDocumentKind,
} from '@portal/shared';
import { CircleCheck, Clock, FilePenLine, FileText } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { FormError } from '@/components/form-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingTriangles } from '@/components/ui/loading-triangles';
import { useGenerateAgreement } from '@/lib/agreements-api';
import { errorMessage } from '@/lib/api-client';
import { formatRate, useBilling } from '@/lib/billing-api';
import { cn } from '@/lib/utils';
import { AgreementPrepare } from './agreement-prepare';
import { AgreementCompleted, signersOf, WaitingForBroker, WaitingForYou } from './agreement-signing';
import { useAgreementStatus } from './use-agreement-status';

type PanelState = DocumentState | 'not_generated';

const STATE_LABEL: Record<PanelState, string> = {
  not_generated: 'Not prepared yet',
  waiting_for_you: 'Waiting for your signature',
  waiting_for_broker: "Waiting for your broker's signature",
  completed: 'Completed',
};

function StateBadge({ state }: { state: PanelState }) {
  const Icon = state === 'completed' ? CircleCheck : state === 'not_generated' ? FileText : Clock;
  return (
    <span
      data-state={state}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        state === 'completed' && 'border-primary/40 bg-primary-soft text-primary-text',
        (state === 'waiting_for_you' || state === 'waiting_for_broker') &&
          'border-secondary/40 bg-secondary-soft text-secondary-hover',
        state === 'not_generated' && 'border-border bg-muted text-muted-foreground',
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {STATE_LABEL[state]}
    </span>
  );
}

/**
 * The broker an open master agreement names, when the agent has since named another broker of
 * record (a corrected e-mail, a new brokerage). Preparing it again withdraws it (the server does).
 */
function replacedBroker(status: SignatureResponse, agent: AgentRecord): Signer | null {
  if (status.kind !== 'master' || status.state === 'completed') return null;
  const named = signersOf(status).find((signer) => signer.role === 'Broker');
  const name = agent.broker_of_record?.name?.trim() ?? '';
  const email = agent.broker_of_record?.email?.trim() ?? '';
  if (!named || named.is_signature_completed || !name || !email) return null;
  const same = named.name === name && named.email.toLowerCase() === email.toLowerCase();
  return same ? null : named;
}

/**
 * One agreement (service or master) wherever the agent meets it: the onboarding step and the
 * signup wizard. It shows where the agreement stands (not prepared, waiting for the agent,
 * waiting for the broker, completed) and the one thing to do next. `brokerHref` is the page
 * where the broker of record's details are completed.
 */
export function AgreementPanel({
  kind,
  agent,
  brokerHref,
}: {
  kind: SigningDocumentKind;
  agent: AgentRecord;
  brokerHref: string;
}) {
  const headingId = useId();
  const agreement = useAgreementStatus(kind, agent);
  const generate = useGenerateAgreement();
  // A signed agreement stating another rate than the agent's is signed again (ADR 66).
  const billing = useBilling({ enabled: agreement.status?.state === 'completed' });
  const outdatedRate =
    billing.data?.outdated_agreements.includes(kind) === true ? billing.data.rate_percent : null;
  const [justPrepared, setJustPrepared] = useState(false);

  let state: PanelState | null = null;
  let body: ReactNode;
  if (!agreement.requestId) {
    state = 'not_generated';
    body = (
      <AgreementPrepare
        kind={kind}
        agent={agent}
        brokerHref={brokerHref}
        preparing={generate.isPending}
        prepareError={generate.error}
        onPrepare={(serviceAreas) =>
          generate.mutate(
            {
              document: kind,
              ...(serviceAreas === undefined ? {} : { service_document_areas: serviceAreas }),
            },
            { onSuccess: () => setJustPrepared(true) },
          )
        }
        checking={agreement.checking}
        onCheck={() => void agreement.check()}
      />
    );
  } else if (agreement.status) {
    const status = agreement.status;
    state = status.state;
    const check = () => void agreement.check();
    const replaced = replacedBroker(status, agent);
    if (status.state === 'completed' && outdatedRate !== null)
      body = (
        <div className="grid gap-4">
          <AgreementCompleted status={status} />
          <Alert variant="info">
            <AlertTitle>Your referral fee changed: sign the new version</AlertTitle>
            <AlertDescription>
              <p>
                Your referral fee is now {formatRate(outdatedRate)}, which this signed agreement does not
                state. Prepare the new version and sign it
                {kind === 'master' ? '; your broker then receives it by e-mail' : ''}. The agreement you
                signed stays on file.
              </p>
            </AlertDescription>
          </Alert>
          <FormError
            message={
              generate.error
                ? errorMessage(generate.error, 'The agreement could not be prepared. Please try again.')
                : null
            }
          />
          <div>
            <Button
              pending={generate.isPending}
              onClick={() => generate.mutate({ document: kind }, { onSuccess: () => setJustPrepared(true) })}
            >
              <FilePenLine aria-hidden="true" />
              Prepare the new version
            </Button>
          </div>
        </div>
      );
    else if (status.state === 'completed') body = <AgreementCompleted status={status} />;
    else if (replaced)
      body = (
        <div className="grid gap-4">
          <Alert variant="info">
            <AlertTitle>Your broker of record has changed</AlertTitle>
            <AlertDescription>
              <p className="break-words">
                This agreement names {replaced.name} ({replaced.email}); your broker of record is now{' '}
                {agent.broker_of_record?.name} ({agent.broker_of_record?.email}). Prepare it again to replace
                it: you sign the new one first, then your broker receives it by e-mail.
              </p>
            </AlertDescription>
          </Alert>
          <FormError
            message={
              generate.error
                ? errorMessage(generate.error, 'The agreement could not be prepared. Please try again.')
                : null
            }
          />
          <div>
            <Button
              pending={generate.isPending}
              onClick={() => generate.mutate({ document: kind }, { onSuccess: () => setJustPrepared(true) })}
            >
              <FilePenLine aria-hidden="true" />
              Prepare it again
            </Button>
          </div>
        </div>
      );
    else if (status.state === 'waiting_for_broker')
      body = <WaitingForBroker status={status} checking={agreement.checking} onCheck={check} />;
    else
      body = (
        <WaitingForYou
          status={status}
          checking={agreement.checking}
          onCheck={check}
          focusSign={justPrepared}
        />
      );
  } else if (agreement.error) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>{agreement.messages.retrieveError}</AlertTitle>
        <AlertDescription>
          {![agreement.messages.retrieveError, SIGNING_MESSAGES.retrieveError].includes(
            errorMessage(agreement.error, ''),
          ) ? (
            <p>{errorMessage(agreement.error)}</p>
          ) : null}
          <div>
            <Button variant="outline" size="sm" pending={agreement.retrying} onClick={agreement.retry}>
              Try again
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  } else {
    body = (
      <div role="status" className="flex items-center gap-3 py-4 text-muted-foreground">
        <LoadingTriangles size={20} />
        Checking where your agreement stands…
      </div>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="grid min-w-0 gap-4 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {SIGNING_DOCUMENT_TITLES[kind]}
        </h2>
        {state ? (
          <p className="text-sm">
            <span className="sr-only">Status: </span>
            <StateBadge state={state} />
          </p>
        ) : null}
      </header>
      {body}
    </section>
  );
}
