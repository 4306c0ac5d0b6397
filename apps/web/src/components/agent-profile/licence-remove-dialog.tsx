import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/**
 * "Remove licence AZ SA123456?" for a licence already on the profile: it goes at once, so the
 * agent confirms first. A refusal is shown here and the licence stays.
 */
export function LicenceRemoveDialog({
  open,
  onOpenChange,
  name,
  pending,
  error,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Which licence, e.g. "AZ SA123456". */
  name: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Remove licence {name}?</DialogTitle>
          <DialogDescription>
            It is taken off your profile now. Changes you have not saved to your other licences stay in the
            form.
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>
              <p>{error}</p>
            </AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" pending={pending} onClick={onConfirm}>
            Remove licence
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
