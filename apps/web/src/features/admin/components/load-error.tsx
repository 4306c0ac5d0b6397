// A query that failed: what could not be loaded, the server's words, and Try again.
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

export function LoadError({
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
        <p>{errorMessage(query.error, 'The server did not answer as expected. Try again in a moment.')}</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()} pending={query.isFetching}>
            Try again
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** A grey placeholder block while something loads. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-md bg-muted ${className}`} />;
}
