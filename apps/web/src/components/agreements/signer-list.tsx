import { CircleCheck, Clock } from 'lucide-react';
import { cn } from '@/lib/utils';
import { formatDateTime } from './agreement-format';

export interface SignerLine {
  role: string;
  name: string;
  /** Shown after the name: "you", an e-mail address. */
  note?: string;
  signed: boolean;
  signedAt: string | null;
}

/**
 * Who signs, in signing order, and where each one stands. The first signer still to sign is
 * "Waiting to sign"; those after them sign once it is their turn.
 */
export function SignerList({
  signers,
  label = 'Signers',
  prepared = true,
}: {
  signers: SignerLine[];
  label?: string;
  /** False before the agreement exists: nobody is waiting yet, the list only shows the order. */
  prepared?: boolean;
}) {
  const turn = prepared ? signers.findIndex((signer) => !signer.signed) : -1;
  return (
    <ol aria-label={label} className="grid gap-2">
      {signers.map((signer, index) => {
        let state: string;
        if (signer.signed) state = signer.signedAt ? `Signed ${formatDateTime(signer.signedAt)}` : 'Signed';
        else if (index === turn) state = 'Waiting to sign';
        else if (index === 0) state = 'Signs first';
        else state = `Signs after the ${signers[index - 1]?.role ?? 'first signer'}`;
        return (
          <li
            key={`${signer.role}-${signer.name}`}
            className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border border-border px-3 py-2"
          >
            {/* Room for the name first: on a phone the status moves under it rather than squeezing it. */}
            <span className="grid min-w-0 flex-[1_1_12rem] gap-0.5">
              <span className="font-medium">
                {index + 1}. {signer.role}
                {signer.name ? <span className="font-normal"> · {signer.name}</span> : null}
              </span>
              {signer.note ? (
                <span className="text-sm break-words text-muted-foreground">{signer.note}</span>
              ) : null}
            </span>
            <span
              className={cn(
                'inline-flex items-center gap-1.5 text-sm',
                signer.signed ? 'text-primary-text' : 'text-muted-foreground',
              )}
            >
              {signer.signed ? (
                <CircleCheck className="size-4" aria-hidden="true" />
              ) : (
                <Clock className="size-4" aria-hidden="true" />
              )}
              {state}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
