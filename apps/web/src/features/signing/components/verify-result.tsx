import type { VerifyDocumentResult } from '@portal/shared';
import { CircleCheck, CircleHelp, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate, listNames } from '@/components/agreements/agreement-format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

function completedSentence(document: NonNullable<VerifyDocumentResult['document']>): string {
  const lastSignature = document.signers
    .map((signer) => signer.signed_at)
    .filter((value): value is string => value !== null)
    .sort()
    .at(-1);
  const date = formatDate(document.completed_at ?? lastSignature ?? null);
  const names = listNames(document.signers.map((signer) => `${signer.name} (${signer.role})`));
  return `This is a completed ${document.title} issued by this portal${date ? `, signed on ${date}` : ''}${names ? ` by ${names}` : ''}.`;
}

/** What the file is, in one sentence, and its SHA-256 fingerprint. */
export function VerifyResult({ result, fileName }: { result: VerifyDocumentResult; fileName: string }) {
  const { document } = result;
  let body: ReactNode;
  if (result.result === 'completed' && document) {
    body = (
      <Alert variant="success">
        <AlertTitle className="flex items-center gap-2">
          <CircleCheck className="size-4 text-primary" aria-hidden="true" />
          Signed agreement
        </AlertTitle>
        <AlertDescription>
          <p>{completedSentence(document)}</p>
        </AlertDescription>
      </Alert>
    );
  } else if (result.result === 'original' && document) {
    body = (
      <Alert variant="info">
        <AlertTitle className="flex items-center gap-2">
          <FileText className="size-4" aria-hidden="true" />
          Unsigned original
        </AlertTitle>
        <AlertDescription>
          <p>
            This is the unsigned original of a {document.title} issued by this portal (prepared on{' '}
            {formatDate(document.created_date)}), not the signed copy.
          </p>
        </AlertDescription>
      </Alert>
    );
  } else {
    body = (
      <Alert variant="default">
        <AlertTitle className="flex items-center gap-2">
          <CircleHelp className="size-4" aria-hidden="true" />
          No match
        </AlertTitle>
        <AlertDescription>
          <p>This file does not match any agreement issued by this portal.</p>
          <p className="text-muted-foreground">
            A copy that was changed in any way, even re-saved or printed to PDF again, no longer matches.
          </p>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="grid gap-3">
      {body}
      <dl className="grid gap-1 text-sm">
        <dt className="text-muted-foreground">File</dt>
        <dd className="break-all">{fileName}</dd>
        <dt className="text-muted-foreground">SHA-256</dt>
        <dd>
          <code className="font-mono break-all">{result.sha256}</code>
        </dd>
      </dl>
    </div>
  );
}
