import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** For steps the agent confirms (stored flags): no page can mark them done yet. */
export function StoredStepNote({ uploads = true }: { uploads?: boolean }) {
  return (
    <Alert variant="info">
      <AlertTitle>How this step is marked done</AlertTitle>
      <AlertDescription>
        <p>
          This is a step you confirm yourself.{' '}
          {uploads
            ? 'Uploading files here does not mark it done yet'
            : 'Reading this page does not mark it done yet'}
          : the step is marked done when the onboarding programme's step saving arrives in the portal.
        </p>
      </AlertDescription>
    </Alert>
  );
}

/** Uploads belong to an agent record; an account without one has nothing to upload to. */
export function NoAgentProfile() {
  return (
    <Alert variant="destructive">
      <AlertTitle>No agent profile</AlertTitle>
      <AlertDescription>
        <p>Files are kept with an agent profile, and this account has none. Please contact the office.</p>
      </AlertDescription>
    </Alert>
  );
}
