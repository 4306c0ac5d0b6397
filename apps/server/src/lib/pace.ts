/**
 * The pace of a scheduled job that works in steps (ADR 68): after each step, a pause six times as
 * long as the step took (at most 10 s), so a job keeps its database connection busy a seventh of
 * the time and the intake and the pages keep the rest of the machine while it runs.
 */
export interface Pace {
  /** Ends a step: waits `factor` times as long as the step took (from the last call, or `pace()`). */
  step(): Promise<void>;
}

export function pace(factor = 6, maxPauseMs = 10_000): Pace {
  let started = performance.now();
  return {
    async step() {
      const took = performance.now() - started;
      const pause = Math.min(maxPauseMs, took * factor);
      if (pause >= 1) await new Promise((resolve) => setTimeout(resolve, pause));
      started = performance.now();
    },
  };
}
