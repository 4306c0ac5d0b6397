import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

/** A leads list that could not be loaded: what failed, the server's words, and Try again. */
export function LeadsLoadFailed({
  title,
  query,
}: {
  title: string;
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
}) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{errorMessage(query.error)}</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()} pending={query.isFetching}>
            Try again
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
