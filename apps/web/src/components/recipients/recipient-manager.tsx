import { type ReactNode, useId, useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingTriangles } from '@/components/ui/loading-triangles';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { portalFlagVisible } from '@/lib/portal-visibility';
import { isRecipientsHidden, useRecipients } from '@/lib/recipients-api';
import { RecipientAddDialog } from './recipient-add-dialog';
import { RecipientList } from './recipient-list';
import { RecipientsHidden } from './recipients-hidden';

/** Whether this agent may see and manage their recipients (SPEC.md section 6). */
export function useCanSeeRecipients(): boolean {
  const me = useAuth().me;
  return me ? portalFlagVisible(me, 'can_see_portal_recipients') : false;
}

/**
 * The recipients with everything to manage them: add, switches, make primary, edit, remove.
 * `team` shows only the people besides the agent (the team-members page).
 */
export function RecipientManager({
  scope = 'all',
  title,
  titleLevel = 2,
}: {
  scope?: 'all' | 'team';
  title: string;
  titleLevel?: 2 | 3;
}) {
  const visible = useCanSeeRecipients();
  const query = useRecipients({ enabled: visible });
  const headingId = useId();
  const region = useRef<HTMLElement>(null);
  const Heading = titleLevel === 2 ? 'h2' : 'h3';

  if (!visible || isRecipientsHidden(query.error)) return <RecipientsHidden />;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" className="flex items-center gap-3 py-6 text-muted-foreground">
        <LoadingTriangles size={20} />
        Loading recipients…
      </div>
    );
  } else if (query.isError) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>Your recipients could not be loaded</AlertTitle>
        <AlertDescription>
          <p>{errorMessage(query.error)}</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  } else {
    const recipients = scope === 'team' ? query.data.filter((recipient) => !recipient.is_agent) : query.data;
    body =
      recipients.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border bg-card p-6 text-center">
          <p className="font-medium">{scope === 'team' ? 'No team members yet' : 'No recipients yet'}</p>
          <p className="text-sm text-muted-foreground">
            Add the people who should receive your leads with you, and how each lead should reach them.
          </p>
        </div>
      ) : (
        <RecipientList recipients={recipients} onRemoved={() => region.current?.focus()} />
      );
  }

  return (
    <section ref={region} tabIndex={-1} aria-labelledby={headingId} className="grid gap-4 outline-none">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={headingId} className="text-xl font-semibold tracking-tight">
          {title}
        </Heading>
        {query.isSuccess ? (
          <div className="flex flex-wrap gap-2">
            <RecipientAddDialog kind="team" />
            {scope === 'all' ? <RecipientAddDialog kind="primary" variant="outline" /> : null}
          </div>
        ) : null}
      </div>
      {body}
    </section>
  );
}
