// A form in a dialog: title, fields, the server's refusal above the buttons, Cancel and a submit
// button that shows it is working. While a save is under way the dialog stays open (Escape, a
// click outside and Cancel wait for it); a refusal keeps the dialog open with what was typed.
// Whoever renders it owns the form's state and resets it when the dialog opens.
import type * as React from 'react';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

/** What the dialog shows instead of the form once the form has done its work (a key, a link). */
export interface FormDialogDone {
  title: React.ReactNode;
  description?: React.ReactNode;
  body: React.ReactNode;
  /** The one button, which closes the dialog ("Done"). */
  closeLabel: string;
  /**
   * Escape and a click outside do not close it, only its buttons do: for what cannot be shown
   * again once the dialog closes.
   */
  keepOpen?: boolean;
}

export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  label,
  submitLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  pending = false,
  error,
  onSubmit,
  scroll = false,
  done,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The button that opens the dialog (onOpenChange(true) when pressed): the dialog gives it the
   * focus back when it closes.
   */
  trigger?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** The form's accessible name. */
  label?: string;
  submitLabel: React.ReactNode;
  cancelLabel?: string;
  destructive?: boolean;
  /** A save is under way: the submit button is busy and the dialog stays open. */
  pending?: boolean;
  /** Why the save failed (the server's `detail`), shown above the buttons. */
  error?: string | null;
  /** The form's submit handler (react-hook-form's `handleSubmit(...)`); not called while pending. */
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** A long form: the dialog scrolls within the screen's height. */
  scroll?: boolean;
  done?: FormDialogDone | null;
  /** The fields. */
  children?: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        className={cn(scroll && 'max-h-[calc(100dvh-2rem)] overflow-y-auto')}
        onInteractOutside={(event) => {
          if (done?.keepOpen) event.preventDefault();
        }}
        onEscapeKeyDown={(event) => {
          if (done?.keepOpen) event.preventDefault();
        }}
      >
        {done ? (
          <>
            <DialogHeader>
              <DialogTitle>{done.title}</DialogTitle>
              {done.description ? <DialogDescription>{done.description}</DialogDescription> : null}
            </DialogHeader>
            {done.body}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button">{done.closeLabel}</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              {description ? <DialogDescription>{description}</DialogDescription> : null}
            </DialogHeader>
            <form
              noValidate
              aria-label={label}
              className="grid gap-4"
              onSubmit={(event) => {
                if (pending) {
                  event.preventDefault();
                  return;
                }
                onSubmit(event);
              }}
            >
              {children}
              <FormError message={error ?? null} />
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline" disabled={pending}>
                    {cancelLabel}
                  </Button>
                </DialogClose>
                <Button type="submit" variant={destructive ? 'destructive' : 'default'} pending={pending}>
                  {submitLabel}
                </Button>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
