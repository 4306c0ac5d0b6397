import { Alert, AlertDescription } from '@/components/ui/alert';

/** Why a step could not be saved: the shared rule's message or the server's, announced at once. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>
        <p>{message}</p>
      </AlertDescription>
    </Alert>
  );
}
