// Asks before a destructive or hard-to-undo action: title, what will happen, optional fields
// (a reason...), an error line, and a confirm button that shows it is working.
import type * as React from 'react';
import { FormDialog } from '@/components/form-dialog';

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  pending = false,
  error,
  onConfirm,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  pending?: boolean;
  /** Why the action failed (shown in the dialog; the dialog stays open). */
  error?: string | null;
  /** Called on submit; fields in `children` are inside the form. */
  onConfirm: () => void;
  /**
   * The button that opens the dialog (onOpenChange(true) when pressed): the dialog gives it the
   * focus back when it closes, whatever the page did meanwhile.
   */
  trigger?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={title}
      description={description}
      submitLabel={confirmLabel}
      cancelLabel={cancelLabel}
      destructive={destructive}
      pending={pending}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    >
      {children}
    </FormDialog>
  );
}
