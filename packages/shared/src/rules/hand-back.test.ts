import { describe, expect, it } from 'vitest';
import { LeadPassSchema, LeadReleaseSchema, monthlyLeadCap } from '../schemas/routing';
import { handBackReasonProblem, monthlyCapProblem } from './hand-back';

/** The page checks with the functions, the server with the schemas: they must say the same. */
describe('routing inputs checked without zod', () => {
  it.each(['', '   ', 'On holiday', ' Too far away ', 'x'.repeat(500), 'x'.repeat(501)])(
    'a reason of %j gets the schemas’ answer',
    (reason) => {
      for (const [what, schema] of [
        ['pass', LeadPassSchema],
        ['release', LeadReleaseSchema],
      ] as const) {
        const parsed = schema.safeParse({ reason });
        expect(handBackReasonProblem(reason, what)).toBe(
          parsed.success ? null : parsed.error.issues[0]!.message,
        );
      }
    },
  );

  it.each([null, 0, 1, 20, 10_000, 10_001, -1, 2.5, Number.NaN])(
    'a cap of %s gets the schema’s answer',
    (cap) => {
      const parsed = monthlyLeadCap.safeParse(cap);
      expect(monthlyCapProblem(cap)).toBe(parsed.success ? null : parsed.error.issues[0]!.message);
    },
  );
});
