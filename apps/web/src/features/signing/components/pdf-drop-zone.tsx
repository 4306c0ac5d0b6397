import { Upload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A PDF dropped on the zone or chosen with the file input. The input itself is what the
 * keyboard reaches (it is only visually hidden); its label looks like a button.
 */
export function PdfDropZone({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const [over, setOver] = useState(false);
  const inputId = useId();
  const hintId = useId();

  const dropped = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    // Dropping is a shortcut; the labelled file input inside does the same with a keyboard.
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target wraps a real input
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={dropped}
      className={cn(
        'grid justify-items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center sm:px-10',
        over ? 'border-primary bg-primary-soft' : 'border-border bg-card',
      )}
    >
      <Upload className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">Drop a PDF here</p>
      <p className="text-sm text-muted-foreground">or</p>
      <input
        id={inputId}
        type="file"
        accept="application/pdf,.pdf"
        disabled={disabled}
        aria-describedby={hintId}
        className="peer sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file chosen again is checked again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonVariants(),
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:pointer-events-none peer-disabled:opacity-60',
        )}
      >
        Choose a PDF
      </label>
      <p id={hintId} className="text-sm text-muted-foreground">
        One PDF file, up to 20 MB.
      </p>
    </div>
  );
}
