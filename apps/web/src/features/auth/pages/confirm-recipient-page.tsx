import { RECIPIENT_CONFIRM_FAILED } from '@portal/shared';
import { useParams } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useConfirmRecipient } from '../api/confirm-recipient';

/**
 * /recipient/confirm/:token: the link of the invitation an agent's new recipient gets. The
 * address is confirmed when its owner presses the button, not when the page opens: mail
 * scanners open links too (SECURITY.md item 27).
 */
export function ConfirmRecipientPage() {
  const { token = '' } = useParams();
  const confirmation = useConfirmRecipient();
  useDocumentTitle(confirmation.isError ? 'Confirmation link not valid' : 'Confirm your e-mail address');

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

  if (confirmation.isSuccess) {
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

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Confirm your e-mail address
        </CardTitle>
        <CardDescription>
          An agent added this address to receive their leads and e-mails from the agent portal. Confirm it if
          that is what you want; if you do not know the agent, close this page and nothing happens.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          className="w-full"
          disabled={confirmation.isPending}
          onClick={() => confirmation.mutate(token)}
        >
          {confirmation.isPending ? 'Confirming…' : 'Confirm my address'}
        </Button>
      </CardContent>
    </Card>
  );
}
