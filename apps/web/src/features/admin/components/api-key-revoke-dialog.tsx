// Revoking an intake client's key, after saying that its leads will be refused from then on.
import type { AdminApiKey } from '@portal/shared';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useRevokeApiKey } from '../api/api-keys';
import { ConfirmDialog } from './confirm-dialog';

export function ApiKeyRevokeDialog({ apiKey }: { apiKey: AdminApiKey }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revoke = useRevokeApiKey({ onFieldError: setError });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <Ban aria-hidden="true" />
        Revoke <span className="sr-only">{apiKey.name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Revoke the key of ${apiKey.name}?`}
        description={`From now on, leads sent with the key ${apiKey.prefix}… are refused (401 Unauthorized) and never reach an agent. The client needs a new key to send leads again. This cannot be undone.`}
        confirmLabel="Revoke key"
        destructive
        pending={revoke.isPending}
        error={error}
        onConfirm={() => revoke.mutate(apiKey, { onSuccess: () => setOpen(false) })}
      />
    </>
  );
}
