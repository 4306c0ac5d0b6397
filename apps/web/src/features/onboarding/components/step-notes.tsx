import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** For steps the agent confirms (stored flags): Continue marks them done. */
export function StoredStepNote({ uploads = true }: { uploads?: boolean }) {
  return (
    <Alert variant="info">
      <AlertTitle>How this step is marked done</AlertTitle>
      <AlertDescription>
        <p>
          This is a step you confirm yourself:{' '}
          {uploads ? 'when your files are in' : 'when you have read this page'}, use{' '}
          <strong>Mark done and continue</strong> at the bottom of the page.
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
