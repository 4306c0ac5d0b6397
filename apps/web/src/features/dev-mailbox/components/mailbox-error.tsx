import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { isApiError } from '@/lib/api-client';

/** Why the dev mailbox (or its template previews) could not be shown. */
export function MailboxError({ error }: { error: unknown }) {
  if (isApiError(error) && error.status === 404) {
    return (
      <Alert variant="info">
        <AlertTitle>The dev mailbox is not available on this server</AlertTitle>
        <AlertDescription>
          It exists only in embedded mode, where messages stay on this machine. This server delivers e-mail
          and text messages for real.
        </AlertDescription>
      </Alert>
    );
  }
  if (isApiError(error) && error.status === 403) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Superusers only</AlertTitle>
        <AlertDescription>Only superusers can read the dev mailbox.</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="destructive">
      <AlertTitle>The mailbox could not be loaded</AlertTitle>
      <AlertDescription>{isApiError(error) ? error.detail : 'Please try again.'}</AlertDescription>
    </Alert>
  );
}
