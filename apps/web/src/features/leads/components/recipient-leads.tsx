import type { RecipientContext } from '@portal/shared';
import { Inbox, LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useLogout } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRecipientMe } from '../api/get-recipient-me';

/** /leads for a recipient signed in by magic link: only the leads routed to them. */
export function RecipientLeads({ recipient }: { recipient: RecipientContext }) {
  useDocumentTitle('Leads routed to you');
  const logout = useLogout();
  const me = useRecipientMe(recipient.recipient_id);
  const context = me.data?.recipient_context ?? recipient;
  const name = `${context.first_name} ${context.last_name}`.trim();

  return (
    <div className="grid max-w-4xl gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">Leads routed to you</h1>
          <p className="text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{name}</span>, receiving leads for{' '}
            <span className="font-medium text-foreground">{context.agent_name}</span>.
          </p>
        </div>
        {/* Wider screens have Sign out in the header; on a phone the header keeps it in the menu. */}
        <Button variant="outline" className="md:hidden" onClick={() => void logout()}>
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      </div>
      <Card className="items-center py-10 text-center">
        <Inbox className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">Your leads will be listed here</p>
        <p className="max-w-md text-sm text-muted-foreground">
          Lead delivery is being set up in the portal. Each lead reaches you by text message, e-mail or phone
          call as {context.agent_name} chose; once delivery starts, this page lists them too, newest first,
          for you to follow up and add notes.
        </p>
      </Card>
    </div>
  );
}
