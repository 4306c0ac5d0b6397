// Choose or drop one CSV file. Dropping is a shortcut; the labelled file input does the same
// with a keyboard. A file that is not CSV or is too large is stopped here, before anything is sent.
import { formatBytes } from '@portal/shared';
import { FileSpreadsheet } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export const CSV_MAX_BYTES = 5 * 1024 * 1024;

const isCsv = (file: File) =>
  /\.csv$/i.test(file.name) || ['text/csv', 'application/vnd.ms-excel', 'text/plain'].includes(file.type);

export function CsvDropZone({
  file,
  onFile,
  error,
}: {
  file: File | null;
  onFile: (file: File | null, problem: string | null) => void;
  error?: string | null;
}) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const take = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    if (!isCsv(chosen))
      onFile(null, `${chosen.name} is not a CSV file. Save the sheet as CSV (comma-separated) first.`);
    else if (chosen.size > CSV_MAX_BYTES)
      onFile(
        null,
        `${chosen.name} is larger than ${formatBytes(CSV_MAX_BYTES)}: split it into smaller files.`,
      );
    else if (chosen.size === 0) onFile(null, `${chosen.name} is empty.`);
    else onFile(chosen, null);
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target wraps a real input
    <div
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        take(event.dataTransfer.files);
      }}
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-input bg-background px-4 py-6 text-center transition-colors',
        dragging && 'border-primary bg-primary-soft',
        error && 'border-destructive/60',
      )}
    >
      <FileSpreadsheet className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="text-sm">
        {file ? <strong className="break-all">{file.name}</strong> : 'Drop a CSV file here, or'}
      </p>
      <input
        id={inputId}
        type="file"
        className="peer sr-only"
        accept=".csv,text/csv"
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonVariants({ variant: 'outline' }),
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
        )}
      >
        {file ? 'Choose another CSV file' : 'Choose a CSV file'}
      </label>
      <p id={hintId} className="text-xs text-muted-foreground">
        {file ? `${formatBytes(file.size)}. ` : ''}CSV, up to {formatBytes(CSV_MAX_BYTES)} and 5,000 leads.
      </p>
    </div>
  );
}
