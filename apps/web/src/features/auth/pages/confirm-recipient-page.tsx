import { RECIPIENT_CONFIRM_FAILED } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { confirmRecipientQueryOptions } from '../api/confirm-recipient';

/**
 * /recipient/confirm/:token: the link of the invitation an agent's new recipient gets. Confirms
 * the address once on arrival and says how it went (SECURITY.md item 27).
 */
export function ConfirmRecipientPage() {
  const { token = '' } = useParams();
  const confirmation = useQuery(confirmRecipientQueryOptions(token));
  useDocumentTitle(confirmation.isError ? 'Confirmation link not valid' : 'Confirm your e-mail address');

  if (confirmation.isPending) {
    return (
      <div className="grid gap-4">
        <h1 className="sr-only">Confirm your e-mail address</h1>
        <PageLoading label="Confirming your e-mail address…" />
      </div>
    );
  }

  if (confirmation.isError) {
    return (
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Confirmation link not valid
          </CardTitle>
          <CardDescription>Your address was not confirmed with this link.</CardDescription>
        </CardHeader>
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(confirmation.error, RECIPIENT_CONFIRM_FAILED)}</AlertDescription>
        </Alert>
      </Card>
    );
  }

  const { email, agent_name } = confirmation.data;
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          E-mail address confirmed
        </CardTitle>
      </CardHeader>
      <Alert variant="success">
        <AlertDescription>
          Your address {email} is confirmed
          {agent_name ? `: ${agent_name} can now write to you from the agent portal` : ''}. There is nothing
          more to do.
        </AlertDescription>
      </Alert>
    </Card>
  );
}
