import type { AgentRecord } from '@portal/shared';
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { type ServiceAreaSave, useSaveServiceArea } from '@/lib/service-area-api';
import { toast } from '@/lib/toast';
import type { ServiceAreaDraftApi } from './service-area-editor';

export const NO_ZIP_MESSAGE = 'Tick at least one ZIP code before you continue: leads are routed by ZIP code.';

/**
 * Saving the draft: Save, or Save and continue (which also marks the onboarding step, in the same
 * request). A failed save says why and keeps every tick; leaving with unsaved changes asks first.
 */
export function useServiceAreaSave(area: ServiceAreaDraftApi, onContinue: (record: AgentRecord) => void) {
  const save = useSaveServiceArea();
  const [problem, setProblem] = useState<string | null>(null);
  const leaving = useRef(false);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      area.dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!area.dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [area.dirty]);

  function submit(andContinue: boolean) {
    setProblem(null);
    if (andContinue && area.payload.zipcodes.length === 0) {
      setProblem(NO_ZIP_MESSAGE);
      return;
    }
    const body: ServiceAreaSave = andContinue
      ? { ...area.payload, onboarding_steps: { service_area: true } }
      : area.payload;
    save.mutate(body, {
      onSuccess: (record) => {
        area.markSaved(record);
        if (andContinue) {
          leaving.current = true;
          onContinue(record);
        } else {
          toast.success('Service area saved', {
            description: `${record.zipcodes.length.toLocaleString('en-US')} ZIP codes are in your area.`,
          });
        }
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  }

  return { submit, pending: save.isPending, problem, blocker, dirty: area.dirty };
}

export type ServiceAreaSaveState = ReturnType<typeof useServiceAreaSave>;

/** The save button, whether everything is saved, why the last save failed, and the leave dialog. */
export function ServiceAreaSaveBar({ saving }: { saving: ServiceAreaSaveState }) {
  const { blocker } = saving;
  return (
    <div className="grid gap-3 border-t border-border pt-4">
      {saving.problem ? (
        <Alert variant="destructive">
          <AlertTitle>Your service area was not saved</AlertTitle>
          <AlertDescription>
            <p>{saving.problem}</p>
            <p>Nothing you chose is lost: fix this and save again.</p>
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" pending={saving.pending} onClick={() => saving.submit(false)}>
          Save service area
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {saving.dirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
      </div>
      <Dialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => (open ? undefined : blocker.reset?.())}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Leave without saving?</DialogTitle>
            <DialogDescription>
              Your changes to the service area are not saved yet. Stay to save them, or leave and lose them.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => blocker.reset?.()}>
              Stay on this page
            </Button>
            <Button type="button" variant="destructive" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
