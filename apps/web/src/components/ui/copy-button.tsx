import { Check, Copy } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { Button } from './button';

/** How long the button shows that it copied, before it offers to copy again. */
const COPIED_MS = 2000;

/** SPEC.md section 8's label; a caller copying something else names it ("Copy number to clipboard"). */
export const COPY_CODE_LABEL = 'Copy code to clipboard';

/**
 * Why the copy failed, in words the user can act on. Browsers give the clipboard only to secure
 * pages (https, localhost) and may refuse it (a permission, a page without focus).
 */
export function copyFailureMessage(error: unknown): string {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) {
    return 'This browser does not allow copying from this page (it needs a secure https connection). Select the text and copy it by hand.';
  }
  if (error instanceof DOMException && error.name === 'NotAllowedError') {
    return 'The browser refused access to the clipboard. Allow it for this site, or select the text and copy it by hand.';
  }
  return 'The text could not be copied. Select it and copy it by hand.';
}

/**
 * A small icon button that puts `value` on the clipboard, says "Copied" beside itself for a
 * moment (announced by a live region), and explains in a toast when the browser does not allow
 * it. Inline rather than a toast on success: a toast would cover what the user does next.
 */
export function CopyButton({
  value,
  label = COPY_CODE_LABEL,
  className,
  ...props
}: Omit<React.ComponentProps<typeof Button>, 'children' | 'onClick' | 'value'> & {
  /** What is copied. */
  value: string;
  /** The button's accessible name and tooltip. */
  label?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch (error) {
      setCopied(false);
      toast.error('Not copied', { description: copyFailureMessage(error) });
    }
  };

  return (
    <span data-slot="copy-button" className={cn('inline-flex items-center gap-1 align-middle', className)}>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={label}
        title={label}
        className="size-8 text-muted-foreground hover:text-foreground"
        onClick={() => void copy()}
        {...props}
      >
        {copied ? <Check aria-hidden="true" className="text-primary-text" /> : <Copy aria-hidden="true" />}
      </Button>
      {/* Always in the page, so the change is announced; takes no room until it says something. */}
      <span role="status" className={copied ? 'text-xs font-medium text-primary-text' : 'sr-only'}>
        {copied ? 'Copied' : ''}
      </span>
    </span>
  );
}
