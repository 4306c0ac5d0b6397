import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** These details belong to an agent record; an account without one has nothing to edit. */
export function MissingAgentProfile({ what }: { what: string }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>No agent profile</AlertTitle>
      <AlertDescription>
        <p>{what} belong to an agent profile, and this account has none. Please contact the office.</p>
      </AlertDescription>
    </Alert>
  );
}
