import { type AgentRecord, describeTypes, formatBytes, UPLOAD_KINDS, type UploadKind } from '@portal/shared';
import { CloudUpload } from 'lucide-react';
import { type DragEvent, useCallback, useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { UploadRow } from './upload-row';
import { useUploadQueue } from './use-upload-queue';

type FileUploadProps = {
  kind: UploadKind;
  /** The text of the button that opens the file picker ("Add headshots"). */
  label: string;
  /** Called with the updated agent record after each confirmed file. */
  onUploaded?: (record: AgentRecord) => void;
  className?: string;
};

/**
 * Choose or drop files of one kind and send them: each gets a row with its progress, and can be
 * cancelled while it uploads or tried again after a failure. Files of a refused type or size
 * are stopped here, before anything is sent.
 */
export function FileUpload({ kind, label, onUploaded, className }: FileUploadProps) {
  const spec = UPLOAD_KINDS[kind];
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => setAnnouncement(message), []);
  const queue = useUploadQueue({ kind, onUploaded, announce });

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    if (!spec.multiple && files.length > 1) {
      setNotice(`Only one file can be used here, so ${files[0]!.name} was taken and the others left out.`);
      queue.add(files.slice(0, 1));
      return;
    }
    setNotice(null);
    queue.add(files);
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <div data-slot="file-upload" className={cn('grid gap-3', className)}>
      {/* Dropping is a shortcut; the labelled file input below does the same with a keyboard. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target wraps a real input */}
      <div
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-input bg-background px-4 py-6 text-center transition-colors',
          dragging && 'border-primary bg-primary-soft',
        )}
      >
        <CloudUpload className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm">Drag and drop {spec.multiple ? 'files' : 'a file'} here, or</p>
        <input
          id={inputId}
          type="file"
          className="peer sr-only"
          accept={spec.contentTypes.join(',')}
          multiple={spec.multiple}
          aria-describedby={hintId}
          onChange={(event) => {
            take(event.currentTarget.files);
            // The same file can be chosen again (after a failure, say).
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
          {label}
        </label>
        <p id={hintId} className="text-xs text-muted-foreground">
          {describeTypes(spec.contentTypes)}, up to {formatBytes(spec.maxBytes)}
          {spec.multiple
            ? ' each. You can choose several files at once.'
            : '. A new file replaces the current one.'}
        </p>
      </div>
      {notice ? <p className="text-sm text-muted-foreground">{notice}</p> : null}
      {queue.items.length > 0 ? (
        <ul aria-label={`Files being uploaded: ${spec.label}`} className="grid gap-2">
          {queue.items.map((item) => (
            <UploadRow
              key={item.id}
              item={item}
              onCancel={() => queue.cancel(item.id)}
              onRetry={() => queue.retry(item.id)}
              onDismiss={() => queue.dismiss(item.id)}
            />
          ))}
        </ul>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
