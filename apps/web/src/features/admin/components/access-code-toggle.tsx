// Disable or enable one access code, after saying what that does.
import type { AdminAccessCode } from '@portal/shared';
import { Ban, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useUpdateAccessCode } from '../api/access-codes';
import { ConfirmDialog } from './confirm-dialog';

export function AccessCodeToggle({ code }: { code: AdminAccessCode }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAccessCode({ onFieldError: setError });
  const disabling = !code.disabled;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className={disabling ? 'text-destructive hover:text-destructive' : undefined}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        {disabling ? <Ban aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
        {disabling ? 'Disable' : 'Enable'} <span className="sr-only">{code.code}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={disabling ? `Disable ${code.code}?` : `Enable ${code.code}?`}
        description={
          disabling
            ? 'Agents can no longer sign up with this code. Agents who already used it keep their accounts. You can enable it again later.'
            : 'Agents can sign up with this code again, within its expiry date and number of uses.'
        }
        confirmLabel={disabling ? 'Disable code' : 'Enable code'}
        destructive={disabling}
        pending={update.isPending}
        error={error}
        onConfirm={() =>
          update.mutate(
            { code: code.code, patch: { disabled: disabling } },
            { onSuccess: () => setOpen(false) },
          )
        }
      />
    </>
  );
}
