import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';

/** What the shared step rule says is still missing, found before anything was sent. */
export class StepProblem extends Error {
  override readonly name = 'StepProblem';
}

/** The message a form shows when saving its step failed. */
export function saveStepError(error: unknown): string {
  if (error instanceof StepProblem) return error.message;
  return errorMessage(error, 'Your answers could not be saved. Please try again.');
}

/**
 * Runs a step's save, keeping its error message for the form and refusing a second run while
 * one is under way (a double click, Enter pressed twice).
 */
export function useStepSubmit() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  const run = useCallback(async (work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(saveStepError(caught));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, []);

  return { error, setError, pending, run };
}
