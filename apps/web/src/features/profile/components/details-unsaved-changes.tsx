import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/**
 * While the form holds changes not yet saved, leaving the page asks first: another page of the
 * portal through a dialog, closing or reloading the tab through the browser's own question.
 */
export function DetailsUnsavedChanges({ dirty, sections }: { dirty: boolean; sections: string[] }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocked = blocker.state === 'blocked';
  return (
    <Dialog open={blocked} onOpenChange={(open) => (!open && blocked ? blocker.reset() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription>
            Your changes to {sections.join(', ').toLowerCase() || 'your details'} are not saved yet. Stay to
            save them, or leave and lose them.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => blocked && blocker.proceed()}>
            Leave without saving
          </Button>
          <Button type="button" onClick={() => blocked && blocker.reset()}>
            Stay on this page
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
