import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** Shown instead of the recipients when the agent's office manages them. */
export function RecipientsHidden() {
  return (
    <Alert>
      <AlertTitle>Lead routing is managed by your office</AlertTitle>
      <AlertDescription>
        <p>
          Your office decides who receives your leads, so the recipients are not shown here. To change who
          receives them or how, contact your office.
        </p>
      </AlertDescription>
    </Alert>
  );
}
