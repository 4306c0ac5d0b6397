import { Card } from '@/components/ui/card';
import type { MailboxMessage } from '../api/get-mailbox';
import { MessageLink } from './message-link';

export const formatTime = (value: string | null) =>
  value
    ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
    : '—';

export const messageTitle = (message: MailboxMessage) =>
  message.subject ||
  (message.channel === 'sms'
    ? `Text message to ${message.to}`
    : message.channel === 'call'
      ? `Phone call to ${message.to}`
      : '(no subject)');

/**
 * One message. The HTML body is never put into the portal's own page: it is shown, if asked
 * for, in a sandboxed frame that runs no scripts and has no access to this origin.
 */
export function MessageView({ message }: { message: MailboxMessage }) {
  return (
    <Card className="gap-5">
      <div className="grid gap-1">
        <h2 id={`message-${message.id}-title`} className="text-xl font-semibold break-words">
          {messageTitle(message)}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Channel</dt>
          <dd>{CHANNEL_LABEL[message.channel]}</dd>
          <dt className="text-muted-foreground">From</dt>
          <dd className="break-all">{message.from}</dd>
          {message.reply_to ? (
            <>
              <dt className="text-muted-foreground">Reply-To</dt>
              <dd className="break-all">{message.reply_to}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">To</dt>
          <dd className="break-all">{message.to}</dd>
          <dt className="text-muted-foreground">Written</dt>
          <dd>{formatTime(message.created_at)}</dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            {message.status}
            {message.sent_at ? ` (${formatTime(message.sent_at)})` : ''}
            {message.attempts ? `, ${message.attempts} attempt${message.attempts === 1 ? '' : 's'}` : ''}
          </dd>
          {message.last_error ? (
            <>
              <dt className="text-muted-foreground">Last error</dt>
              <dd className="break-words">{message.last_error}</dd>
            </>
          ) : null}
        </dl>
      </div>
      {message.links.length > 0 ? (
        <section className="grid gap-2" aria-labelledby={`message-${message.id}-links`}>
          <h3 id={`message-${message.id}-links`} className="font-medium">
            Links in this message
          </h3>
          <ul className="grid gap-1">
            {message.links.map((link) => (
              <li key={link}>
                <MessageLink href={link} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="grid gap-2" aria-labelledby={`message-${message.id}-text`}>
        <h3 id={`message-${message.id}-text`} className="font-medium">
          Text
        </h3>
        <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-muted p-4 font-sans text-sm">
          {message.text}
        </pre>
      </section>
      {message.html ? (
        <details className="grid gap-2">
          <summary className="cursor-pointer font-medium">HTML version</summary>
          <iframe
            title={`HTML version of ${messageTitle(message)}`}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={message.html}
            className="mt-2 h-[32rem] w-full rounded-md border border-border bg-white"
          />
        </details>
      ) : null}
    </Card>
  );
}

export const CHANNEL_LABEL = { sms: 'SMS', email: 'E-mail', call: 'Phone call (read out)' } as const;
