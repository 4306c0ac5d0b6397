import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMAIL_MESSAGE_PLACEHOLDER,
  EMAIL_SUBJECT_MAX,
  type Lead,
  type SendEmailOptions,
  type SendEmailRequest,
  SendEmailRequestSchema,
} from '@portal/shared';
import * as React from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { leadName } from '@/components/leads/lead-format';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { RichTextEditor, type RichTextEditorHandle } from '@/components/ui/rich-text-editor';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSendEmail } from '../api/send-email';

type Values = z.output<typeof SendEmailRequestSchema>;
const FIELDS = ['from_email', 'to', 'subject', 'message'] as const satisfies FieldPath<SendEmailRequest>[];

/** "subject: Subject cannot contain…" -> the field and its message, when the server names one. */
function fieldError(detail: string): { field: (typeof FIELDS)[number]; message: string } | null {
  const match = detail.match(/^([a-z_]+): (.+)$/s);
  const field = FIELDS.find((name) => name === match?.[1]);
  return field && match ? { field, message: match[2]! } : null;
}

/** Recipients not offered under To, and why (SECURITY.md item 27). */
function awaitingNote(options: SendEmailOptions): string | undefined {
  const waiting = options.awaiting_confirmation.map((option) => option.email);
  if (waiting.length === 0) return undefined;
  return `Not offered until they confirm their address with the link in our invitation: ${waiting.join(', ')}. You can resend the invitation from your routing list.`;
}

/**
 * The agent writes to the lead or to one of their recipients (SPEC.md section 7). The portal
 * sends it; replies go to the address chosen under From. What was typed stays here when the
 * dialog is closed or the send fails.
 */
export function LeadSendEmailDialog({
  lead,
  options,
  open,
  onOpenChange,
}: {
  lead: Lead;
  options: SendEmailOptions;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useSendEmail();
  const empty = React.useMemo<SendEmailRequest>(
    () => ({
      to: options.to[0]?.email ?? '',
      from_email: options.from[0]?.email ?? '',
      subject: '',
      message: '',
      lead_id: lead.id,
    }),
    [options, lead.id],
  );
  const form = useForm<SendEmailRequest, unknown, Values>({
    resolver: zodResolver(SendEmailRequestSchema),
    mode: 'onTouched',
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const editor = React.useRef<RichTextEditorHandle>(null);
  const id = React.useId();
  const messageLabel = `${id}-message-label`;
  const messageError = `${id}-message-error`;

  const onSubmit = form.handleSubmit((values) => {
    send.mutate(values, {
      onSuccess: () => {
        form.reset(empty);
        onOpenChange(false);
      },
      onError: (error) => {
        const named = isApiError(error) && error.status === 400 ? fieldError(error.detail) : null;
        if (named) form.setError(named.field, { message: named.message }, { shouldFocus: true });
      },
    });
  });
  // A refusal that names a field is shown at the field; anything else above the buttons.
  const from = form.watch('from_email');
  const repliesTo = from ? (
    <>
      Replies go to <span className="break-all">{from}</span>.
    </>
  ) : (
    'Replies go to this address.'
  );
  const shownAtField = isApiError(send.error) && send.error.status === 400 && fieldError(send.error.detail);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) send.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto p-4 sm:max-w-2xl sm:p-6"
        onEscapeKeyDown={(event) => {
          // Escape in the link box closes the box, not the e-mail.
          if ((event.target as Element | null)?.closest?.('[data-slot="rich-text-link-box"]')) {
            event.preventDefault();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Send an e-mail</DialogTitle>
          <DialogDescription>
            About {leadName(lead)}. The portal sends it for you; replies come to the address under From.
          </DialogDescription>
        </DialogHeader>
        <form noValidate aria-label="Send an e-mail" onSubmit={onSubmit} className="grid min-w-0 gap-4">
          <Field label="To" description={awaitingNote(options)} error={errors.to?.message}>
            <NativeSelect {...form.register('to')}>
              {options.to.map((option) => (
                // The address first: on a phone the end of a long option is cut off.
                <option key={option.email} value={option.email}>
                  {option.email} · {option.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {options.from.length > 1 ? (
            <Field label="From" description={repliesTo} error={errors.from_email?.message}>
              <NativeSelect {...form.register('from_email')}>
                {options.from.map((option) => (
                  <option key={option.email} value={option.email}>
                    {option.email} · {option.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ) : (
            <Field label="From" description={repliesTo} error={errors.from_email?.message}>
              <Input readOnly value={options.from[0]?.email ?? ''} className="bg-muted" />
            </Field>
          )}
          <Field label="Subject" error={errors.subject?.message}>
            <Input autoComplete="off" maxLength={EMAIL_SUBJECT_MAX} {...form.register('subject')} />
          </Field>
          <div className="grid min-w-0 gap-2">
            <Label id={messageLabel} onClick={() => editor.current?.focus()}>
              Message
            </Label>
            <Controller
              control={form.control}
              name="message"
              render={({ field, fieldState }) => (
                <RichTextEditor
                  ref={(handle) => {
                    editor.current = handle;
                    field.ref(handle);
                  }}
                  defaultValue={field.value}
                  onChange={(html) => field.onChange(html)}
                  onBlur={field.onBlur}
                  placeholder={EMAIL_MESSAGE_PLACEHOLDER}
                  labelledBy={messageLabel}
                  describedBy={fieldState.error ? messageError : undefined}
                  invalid={Boolean(fieldState.error)}
                  disabled={send.isPending}
                />
              )}
            />
            {errors.message?.message ? (
              <p id={messageError} data-slot="field-error" className="text-sm font-medium text-destructive">
                {errors.message.message}
              </p>
            ) : null}
          </div>
          {errors.lead_id?.message ? (
            <Alert variant="destructive">
              <AlertDescription>
                <p>{errors.lead_id.message}</p>
              </AlertDescription>
            </Alert>
          ) : null}
          {send.isError && !shownAtField ? (
            <Alert variant="destructive">
              <AlertDescription>
                <p>The e-mail was not sent: {errorMessage(send.error)}</p>
              </AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                send.reset();
                onOpenChange(false);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" pending={send.isPending}>
              Send e-mail
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
