import type { RecipientContext } from '@portal/shared';
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/lib/auth';
import { useRecipientMe } from '../api/get-recipient-me';
import { LeadsWorkspace } from './leads-workspace';

/** /leads for a recipient signed in by magic link: only the leads delivered to them, no statistics. */
export function RecipientLeads({ recipient }: { recipient: RecipientContext }) {
  const logout = useLogout();
  const me = useRecipientMe(recipient.recipient_id);
  const context = me.data?.recipient_context ?? recipient;
  const name = `${context.first_name} ${context.last_name}`.trim();

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">Leads routed to you</h1>
          <p className="max-w-3xl text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{name}</span>, receiving leads for{' '}
            <span className="font-medium text-foreground">{context.agent_name}</span>. Call each seller as
            soon as you can, and keep notes here so {context.agent_name} sees them too.
          </p>
        </div>
        {/* Wider screens have Sign out in the header; on a phone the header keeps it in the menu. */}
        <Button variant="outline" className="md:hidden" onClick={() => void logout()}>
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      </div>
      <LeadsWorkspace audience="recipient" title="Leads routed to you" />
    </div>
  );
}
