import { SIGNING_MESSAGES, type SignatureResponse, type Signer } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { Download, Mail, PenLine, RefreshCw, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AGREEMENT_FILE_NAMES, downloadAgreementPdf, useSendAgreementToBroker } from '@/lib/agreements-api';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { formatDateTime, listNames } from './agreement-format';
import { openSigningPage } from './open-signing-page';
import { SignerList } from './signer-list';

/** The request's signers in signing order. */
export function signersOf(status: SignatureResponse): Signer[] {
  return [...(status.documents[0]?.signers ?? [])].sort((a, b) => a.order - b.order);
}

const isAgentRole = (role: string) => role !== 'Broker';

function StatusSigners({ signers }: { signers: Signer[] }) {
  return (
    <SignerList
      signers={signers.map((signer) => ({
        role: signer.role,
        name: signer.name,
        note: isAgentRole(signer.role) ? 'You' : signer.email,
        signed: signer.is_signature_completed,
        signedAt: signer.signed_at,
      }))}
    />
  );
}

function CheckButton({ checking, onCheck }: { checking: boolean; onCheck: () => void }) {
  return (
    <Button variant="outline" onClick={onCheck} pending={checking}>
      <RefreshCw aria-hidden="true" />
      Check status
    </Button>
  );
}

const actionRow = 'flex flex-col gap-3 sm:flex-row sm:flex-wrap';

/** Prepared, waiting for the agent's signature: "Sign now" opens the signing page. */
export function WaitingForYou({
  status,
  checking,
  onCheck,
  focusSign,
}: {
  status: SignatureResponse;
  checking: boolean;
  onCheck: () => void;
  /** Just prepared: the next thing to do gets the focus. */
  focusSign: boolean;
}) {
  const signers = signersOf(status);
  const mine = signers.find((signer) => signer.sign_document_url);
  const signButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusSign) signButton.current?.focus();
  }, [focusSign]);
  const role = mine?.role ?? signers.find((signer) => isAgentRole(signer.role))?.role ?? 'Agent';
  return (
    <div className="grid gap-5">
      <p>
        Your agreement is ready. Read it, then sign it as the <strong>{role}</strong>.
        {signers.length > 1 ? ' Your broker of record receives it by e-mail once you have signed.' : null}
      </p>
      <StatusSigners signers={signers} />
      {mine ? null : (
        <Alert variant="info">
          <AlertDescription>
            <p>Your signing link is not ready yet. Check the status again in a moment.</p>
          </AlertDescription>
        </Alert>
      )}
      <div className={actionRow}>
        <Button
          ref={signButton}
          disabled={!mine?.sign_document_url}
          onClick={() => {
            if (mine?.sign_document_url) openSigningPage(mine.sign_document_url);
          }}
        >
          <PenLine aria-hidden="true" />
          Sign now
        </Button>
        <CheckButton checking={checking} onCheck={onCheck} />
      </div>
    </div>
  );
}

/** The agent has signed the master agreement; the broker has not yet. */
export function WaitingForBroker({
  status,
  checking,
  onCheck,
}: {
  status: SignatureResponse;
  checking: boolean;
  onCheck: () => void;
}) {
  const signers = signersOf(status);
  const broker = signers.find((signer) => signer.role === 'Broker');
  const send = useSendAgreementToBroker();
  return (
    <div className="grid gap-5">
      <p className="break-words">
        You have signed. Your broker of record, <strong>{broker?.name || 'your broker'}</strong>
        {broker?.email ? <> ({broker.email})</> : null}, signs next.
      </p>
      <p className="text-sm text-muted-foreground">
        {status.broker_emailed_at
          ? `We e-mailed your broker the signing link on ${formatDateTime(status.broker_emailed_at)}.`
          : 'Your broker has not been e-mailed the signing link yet.'}
      </p>
      <StatusSigners signers={signers} />
      <div className={actionRow}>
        {/* Secondary: the broker has just been e-mailed; this is for a lost or buried e-mail. */}
        <Button
          variant="outline"
          pending={send.isPending}
          onClick={() =>
            send.mutate(status.signature_request_id, {
              onSuccess: () => toast.success(SIGNING_MESSAGES.brokerEmailSent),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          <Mail aria-hidden="true" />
          E-mail my broker again
        </Button>
        <CheckButton checking={checking} onCheck={onCheck} />
      </div>
    </div>
  );
}

/** Everyone has signed: the final PDF to download, and where to check a copy. */
export function AgreementCompleted({ status }: { status: SignatureResponse }) {
  const signers = signersOf(status);
  const download = useMutation({
    mutationFn: () => downloadAgreementPdf(status.document.document_id, AGREEMENT_FILE_NAMES[status.kind]),
    onError: (error) =>
      toast.error('The PDF could not be downloaded', {
        description: errorMessage(error, SIGNING_MESSAGES.pdfFailed),
      }),
  });
  const names = listNames(signers.map((signer) => signer.name).filter(Boolean));
  return (
    <div className="grid gap-5">
      <Alert variant="success">
        <p className="text-base font-semibold">{SIGNING_MESSAGES.completed}</p>
        <AlertDescription>
          <p>
            {names ? `Signed by ${names}` : 'Signed by everyone'}
            {status.completed_at ? `; completed on ${formatDateTime(status.completed_at)}.` : '.'}
          </p>
        </AlertDescription>
      </Alert>
      <StatusSigners signers={signers} />
      <div className={actionRow}>
        <Button pending={download.isPending} onClick={() => download.mutate()}>
          <Download aria-hidden="true" />
          Download PDF
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.verifyDocument.href()}>
            <ShieldCheck aria-hidden="true" />
            Verify a copy
          </Link>
        </Button>
      </div>
    </div>
  );
}
