// "Send sign-in link": asks first (older links stop working), then shows the new link to copy.
import type { AdminCorporateUser } from '@portal/shared';
import { Send } from 'lucide-react';
import { useState } from 'react';
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
} from '@/components/ui/dialog';
import { type AdminLoginLink, useSendCorporateLoginLink } from '../api/corporate-users';
import { SignInLink } from './sign-in-link';

export function CorporateUserLinkDialog({ user }: { user: AdminCorporateUser }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<AdminLoginLink | null>(null);
  const send = useSendCorporateLoginLink({ onFieldError: setError, onSuccess: setSent });
  const name = user.name ?? user.email;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={!user.is_active}
        title={user.is_active ? undefined : 'Reactivate them first'}
        onClick={() => {
          setError(null);
          setSent(null);
          setOpen(true);
        }}
      >
        <Send aria-hidden="true" />
        Send sign-in link <span className="sr-only">to {name}</span>
      </Button>
      <Dialog open={open} onOpenChange={(next) => (send.isPending ? undefined : setOpen(next))}>
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{sent ? `Sign-in link for ${name}` : `Send ${name} a sign-in link?`}</DialogTitle>
            {sent ? null : (
              <DialogDescription>
                We e-mail a new one-time link to {user.email} and show it here. Links sent before stop
                working.
              </DialogDescription>
            )}
          </DialogHeader>
          {sent ? <SignInLink email={user.email} link={sent.link} expiresAt={sent.expires_at} /> : null}
          <FormError message={error} />
          <DialogFooter>
            {sent ? (
              <DialogClose asChild>
                <Button type="button">Done</Button>
              </DialogClose>
            ) : (
              <>
                <DialogClose asChild>
                  <Button type="button" variant="outline" disabled={send.isPending}>
                    Cancel
                  </Button>
                </DialogClose>
                <Button type="button" pending={send.isPending} onClick={() => send.mutate(user.id)}>
                  Send link
                </Button>
              </>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
