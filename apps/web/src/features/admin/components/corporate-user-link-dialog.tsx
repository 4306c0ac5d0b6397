// "Send sign-in link": asks first (older links stop working), then shows the new link to copy.
import type { AdminCorporateUser } from '@portal/shared';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { type AdminLoginLink, useSendCorporateLoginLink } from '../api/corporate-users';
import { SignInLink } from './sign-in-link';

export function CorporateUserLinkDialog({ user }: { user: AdminCorporateUser }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<AdminLoginLink | null>(null);
  const send = useSendCorporateLoginLink({ onFieldError: setError, onSuccess: setSent });
  const name = user.name ?? user.email;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setError(null);
          setSent(null);
        }
        setOpen(next);
      }}
      trigger={
        <Button
          variant="outline"
          size="sm"
          disabled={!user.is_active}
          title={user.is_active ? undefined : 'Reactivate them first'}
        >
          <Send aria-hidden="true" />
          Send sign-in link <span className="sr-only">to {name}</span>
        </Button>
      }
      scroll
      title={`Send ${name} a sign-in link?`}
      description={`We e-mail a new one-time link to ${user.email} and show it here. Links sent before stop working.`}
      submitLabel="Send link"
      pending={send.isPending}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate(user.id);
      }}
      done={
        sent && {
          title: `Sign-in link for ${name}`,
          body: <SignInLink email={user.email} link={sent.link} expiresAt={sent.expires_at} />,
          closeLabel: 'Done',
        }
      }
    />
  );
}
