import { describeTypes, formatBytes } from '@portal/shared';
import { FileUp, Paperclip } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import {
  STATEMENT_MAX_BYTES,
  STATEMENT_TYPES,
  statementProblem,
  useUploadSettlementStatement,
} from '../api/upload-settlement-statement';

export const STATEMENT_HINT = `${describeTypes(STATEMENT_TYPES)}, up to ${formatBytes(STATEMENT_MAX_BYTES)}.`;

/**
 * The file input of a settlement statement. The input itself is what the keyboard reaches (it is
 * only visually hidden); its label looks like a button. The chosen file is named under it, and
 * stays chosen until another is: after a failure it can be sent again as it is.
 */
export function StatementFileChooser({
  label,
  file,
  onChoose,
  error,
  disabled,
}: {
  label: string;
  file: File | null;
  onChoose: (file: File) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="grid justify-items-start gap-2">
      <input
        id={inputId}
        type="file"
        accept={[...STATEMENT_TYPES, '.pdf', '.png', '.jpg', '.jpeg', '.webp'].join(',')}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className="peer sr-only"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onChoose(chosen);
        }}
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonVariants({ variant: 'outline' }),
          'h-11 cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:pointer-events-none peer-disabled:opacity-60',
        )}
      >
        <Paperclip aria-hidden="true" />
        {label}
      </label>
      <p id={hintId} className="text-sm text-muted-foreground">
        {file ? (
          <>
            Chosen: <span className="font-medium break-all text-foreground">{file.name}</span> (
            {formatBytes(file.size)})
          </>
        ) : (
          STATEMENT_HINT
        )}
      </p>
      {error ? (
        <p id={errorId} data-slot="field-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "Uploading statement.pdf… 40 %", with a bar (of unknown length until the browser tells). */
export function StatementUploadProgress({ file, progress }: { file: File; progress: number | null }) {
  return (
    <div role="status" className="grid gap-1.5">
      <p className="text-sm">
        Uploading <span className="break-all">{file.name}</span>…{progress !== null ? ` ${progress}%` : ''}
      </p>
      <Progress value={progress} aria-label={`Uploading ${file.name}`} />
    </div>
  );
}

/**
 * A closed lead's missing settlement statement: choose the file, send it, see its progress; a
 * refusal (`{detail}`: its type, its size) is shown beside the file, which stays chosen.
 */
export function SettlementStatementUpload({ leadId }: { leadId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadSettlementStatement();
  const error = problem ?? (upload.isError ? errorMessage(upload.error) : null);

  const send = () => {
    if (!file) {
      setProblem('Choose the settlement statement first.');
      return;
    }
    if (problem) return;
    upload.mutate({ leadId, file }, { onSuccess: () => toast.success('Settlement statement uploaded') });
  };

  return (
    <div className="grid gap-3">
      <StatementFileChooser
        label={file ? 'Choose another file' : 'Choose the statement'}
        file={file}
        error={error}
        disabled={upload.isPending}
        onChoose={(chosen) => {
          setFile(chosen);
          setProblem(statementProblem(chosen));
          upload.reset();
        }}
      />
      {upload.isPending && file ? <StatementUploadProgress file={file} progress={upload.progress} /> : null}
      <div>
        <Button onClick={send} pending={upload.isPending}>
          {upload.isPending ? null : <FileUp aria-hidden="true" />}
          Upload statement
        </Button>
      </div>
    </div>
  );
}
