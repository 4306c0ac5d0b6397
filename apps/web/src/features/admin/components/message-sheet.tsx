// One outbox message over the list: what was sent, to whom, and each delivery attempt.
import type { AdminMessage } from '@portal/shared';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { useRetryMessage } from '../api/outbox';
import { Facts } from './admin-section';
import { CHANNEL_LABELS, canRetry, MessageStatusBadge, messageTitle } from './message-format';
import { formatWhen } from './when';

export function RetryButton({ message, size = 'sm' }: { message: AdminMessage; size?: 'sm' | 'default' }) {
  const retry = useRetryMessage();
  return (
    <Button variant="outline" size={size} pending={retry.isPending} onClick={() => retry.mutate(message)}>
      <RotateCcw aria-hidden="true" />
      Retry <span className="sr-only">the message to {message.to}</span>
    </Button>
  );
}

export function MessageSheet({ message, onClose }: { message: AdminMessage | null; onClose: () => void }) {
  return (
    <Sheet open={message !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {message ? (
        <SheetContent>
          <SheetHeader>
            <SheetTitle>{messageTitle(message)}</SheetTitle>
            <SheetDescription>
              {CHANNEL_LABELS[message.channel]} to {message.to}
            </SheetDescription>
            <div className="flex flex-wrap items-center gap-3 pt-1">
              <MessageStatusBadge status={message.status} />
              {canRetry(message) ? <RetryButton message={message} /> : null}
            </div>
          </SheetHeader>
          <SheetBody>
            {message.last_error ? (
              <section
                aria-label="Last error"
                className="rounded-lg border border-destructive/40 bg-destructive-soft p-3 text-sm"
              >
                <h3 className="font-semibold">Last error</h3>
                <p className="break-words">{message.last_error}</p>
              </section>
            ) : null}
            <Facts
              items={[
                ['From', message.from],
                ['To', message.to],
                ['Template', message.template ?? 'None'],
                ['Provider', message.provider ?? '—'],
                ['Created', formatWhen(message.created_at)],
                ['Sent', message.sent_at ? formatWhen(message.sent_at) : 'Not yet'],
                ['Attempts', String(message.attempts)],
                ['Lead', message.lead_id ?? 'None'],
              ]}
            />
            <section aria-labelledby="message-body" className="grid gap-2">
              <h3 id="message-body" className="font-semibold">
                {message.channel === 'email' ? 'Text of the e-mail' : 'Text'}
              </h3>
              {message.body_removed_at ? (
                <p className="rounded-lg border border-border bg-muted p-3 text-sm text-muted-foreground">
                  The text was removed on {formatWhen(message.body_removed_at)}, after the retention period
                  set in Settings. Who it went to, when, and each attempt are kept.
                </p>
              ) : (
                <pre className="max-h-80 overflow-auto rounded-lg border border-border bg-muted p-3 font-sans text-sm whitespace-pre-wrap break-words">
                  {message.text_body || '(empty)'}
                </pre>
              )}
            </section>
            <section aria-labelledby="message-attempts" className="grid gap-2">
              <h3 id="message-attempts" className="font-semibold">
                Attempts
              </h3>
              {message.attempt_log.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No attempt yet: the message is waiting to be sent.
                </p>
              ) : (
                <ol className="grid gap-2">
                  {message.attempt_log.map((attempt) => (
                    <li
                      // A retry from the console numbers its attempts from 1 again.
                      key={`${attempt.created_at}-${attempt.attempt}`}
                      className="grid gap-0.5 rounded-lg border border-border p-3 text-sm"
                    >
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">Attempt {attempt.attempt}</span>
                        <MessageStatusBadge status={attempt.status} />
                        <span className="text-muted-foreground">{formatWhen(attempt.created_at)}</span>
                      </span>
                      {attempt.provider ? (
                        <span className="text-muted-foreground">Provider: {attempt.provider}</span>
                      ) : null}
                      {attempt.error ? (
                        <span className="break-words text-destructive">
                          {attempt.provider_status ? `${attempt.provider_status}: ` : ''}
                          {attempt.error}
                        </span>
                      ) : null}
                      {attempt.retry_at ? (
                        <span className="text-muted-foreground">Next try {formatWhen(attempt.retry_at)}</span>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </SheetBody>
        </SheetContent>
      ) : null}
    </Sheet>
  );
}
