import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { PageLoading } from '@/components/page-loading';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { mailboxQueryOptions } from '../api/get-mailbox';
import { DevMailboxNav } from '../components/dev-mailbox-nav';
import { MailboxError } from '../components/mailbox-error';
import { CHANNEL_LABEL, formatTime, MessageView, messageTitle } from '../components/message-view';

/** Every e-mail and SMS the portal wrote, newest first, for trying the product on one machine. */
export function DevMailboxPage() {
  useDocumentTitle('Dev mailbox');
  const mailbox = useQuery(mailboxQueryOptions());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const items = mailbox.data?.items ?? [];
  const selected = items.find((item) => item.id === selectedId) ?? null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-3xl font-semibold tracking-tight">Dev mailbox</h1>
          <p className="text-muted-foreground">
            The e-mails and text messages the portal has sent. In embedded mode nothing leaves this machine:
            messages wait here instead.
          </p>
        </div>
        <Button variant="outline" onClick={() => void mailbox.refetch()} pending={mailbox.isFetching}>
          {mailbox.isFetching ? null : <RefreshCw aria-hidden="true" />}
          Refresh
        </Button>
      </div>
      <DevMailboxNav />

      {mailbox.isPending ? <PageLoading label="Loading messages…" /> : null}
      {mailbox.isError ? <MailboxError error={mailbox.error} /> : null}
      {mailbox.isSuccess && items.length === 0 ? (
        <Card>
          <p className="font-medium">No messages yet</p>
          <p className="text-sm text-muted-foreground">
            Messages appear here when the portal sends one, for example a sign-in link or a password reset.
          </p>
        </Card>
      ) : null}

      {items.length > 0 ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section aria-labelledby="mailbox-list-title" className="grid content-start gap-2">
            <h2 id="mailbox-list-title" className="sr-only">
              Messages, newest first
            </h2>
            <ul className="grid gap-2">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    aria-current={item.id === selectedId ? 'true' : undefined}
                    onClick={() => setSelectedId(item.id)}
                    className={cn(
                      'grid w-full gap-1 rounded-lg border border-border bg-background p-3 text-left text-sm hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                      item.id === selectedId && 'border-primary bg-primary-soft',
                    )}
                  >
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <span className="rounded bg-secondary-soft px-1.5 py-0.5 text-xs font-semibold uppercase text-secondary-hover">
                        {CHANNEL_LABEL[item.channel]}
                      </span>
                      <span className="text-muted-foreground">{formatTime(item.created_at)}</span>
                    </span>
                    <span className="font-medium break-words">{messageTitle(item)}</span>
                    <span className="flex flex-wrap justify-between gap-2 text-muted-foreground">
                      <span className="break-all">To {item.to}</span>
                      <span>{item.status}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <div>
            {selected ? (
              <MessageView message={selected} />
            ) : (
              <Card>
                <p className="text-muted-foreground">Choose a message to read it.</p>
              </Card>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
