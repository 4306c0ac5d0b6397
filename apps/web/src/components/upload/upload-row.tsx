import { formatBytes } from '@portal/shared';
import { CircleExclamationPoint, FileText, Film, RotateCcw, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import type { UploadItem } from './use-upload-queue';

function statusText(item: UploadItem): string {
  const percent = item.file.size > 0 ? Math.round((item.loaded / item.file.size) * 100) : 0;
  switch (item.status) {
    case 'queued':
      return 'Waiting to upload…';
    case 'uploading':
      return `Uploading… ${percent}%`;
    case 'confirming':
      return 'Checking the file…';
    case 'cancelled':
      return 'Cancelled';
    default:
      return item.error ?? 'The upload failed.';
  }
}

function progressValue(item: UploadItem): number | null {
  // The server is checking the bytes: how long that takes is unknown.
  if (item.status === 'confirming') return null;
  return item.file.size > 0 ? (item.loaded / item.file.size) * 100 : 0;
}

/** One chosen file: what it is, how far it got, and what can be done with it. */
export function UploadRow({
  item,
  onCancel,
  onRetry,
  onDismiss,
}: {
  item: UploadItem;
  onCancel: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const { file, status } = item;
  const showProgress = status !== 'failed' && status !== 'cancelled';
  const isVideo = file.type.startsWith('video/');
  const canCancel = status === 'uploading' || status === 'queued';
  const canRetry = (status === 'failed' || status === 'cancelled') && item.canRetry;
  const canDismiss = status === 'failed' || status === 'cancelled';
  return (
    <li
      data-status={status}
      className="grid grid-cols-[3.5rem_minmax(0,1fr)_2rem] items-start gap-3 rounded-lg border border-border bg-background p-3"
    >
      <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted">
        {item.previewUrl ? (
          <img src={item.previewUrl} alt={`Preview of ${file.name}`} className="size-full object-cover" />
        ) : isVideo ? (
          <Film className="size-6 text-muted-foreground" aria-hidden="true" />
        ) : (
          <FileText className="size-6 text-muted-foreground" aria-hidden="true" />
        )}
      </div>
      <div className="grid min-w-0 gap-1.5">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          {/* w-0 + flex-1: a long name is cut short instead of widening the page. */}
          <span className="w-0 flex-1 truncate font-medium" title={file.name}>
            {file.name}
          </span>
          <span className="shrink-0 text-muted-foreground">{formatBytes(file.size)}</span>
        </div>
        {showProgress ? <Progress value={progressValue(item)} aria-label={`Upload of ${file.name}`} /> : null}
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <p
            className={cn(
              'flex items-start gap-1.5 text-sm',
              status === 'failed' ? 'font-medium text-destructive' : 'text-muted-foreground',
            )}
          >
            {status === 'failed' ? (
              <CircleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : null}
            <span>{statusText(item)}</span>
          </p>
          {canCancel ? (
            <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={onCancel}>
              Cancel <span className="sr-only">upload of {file.name}</span>
            </Button>
          ) : null}
          {canRetry ? (
            <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              Retry <span className="sr-only">upload of {file.name}</span>
            </Button>
          ) : null}
        </div>
      </div>
      {canDismiss ? (
        <Button type="button" variant="ghost" size="icon" className="size-8" onClick={onDismiss}>
          <X aria-hidden="true" />
          <span className="sr-only">Remove {file.name} from this list</span>
        </Button>
      ) : null}
    </li>
  );
}
