import { describe, expect, it } from 'vitest';
import { pace } from '../src/lib/pace';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long `step()` kept the caller waiting. */
async function pauseOf(step: () => Promise<void>): Promise<number> {
  const before = performance.now();
  await step();
  return performance.now() - before;
}

describe("a scheduled job's pace", () => {
  it('pauses after each step six times as long as the step took, timed from the end of the last pause', async () => {
    const started = performance.now();
    const steps = pace();
    await wait(60);
    const took = performance.now() - started;
    const pause = await pauseOf(() => steps.step());
    expect(pause).toBeGreaterThanOrEqual(6 * took - 2);
    expect(pause).toBeLessThan(6 * took + 1000);
    // A step that took no time: no pause to speak of.
    expect(await pauseOf(() => steps.step())).toBeLessThan(took);
  });

  it('pauses at most its longest pause, and not at all at factor 0', async () => {
    const none = pace(0);
    await wait(30);
    expect(await pauseOf(() => none.step())).toBeLessThan(25);
    const long = pace(100, 1000);
    await wait(20);
    const pause = await pauseOf(() => long.step());
    expect(pause).toBeGreaterThanOrEqual(990);
    expect(pause).toBeLessThan(2500);
  });
});
