import { describe, expect, it } from 'vitest';
import { Together } from '../src/lib/together';

/** A round that finishes when the test says so, recording what went in each. */
function controlled(lanes = 1) {
  const rounds: string[][] = [];
  const finish: (() => void)[] = [];
  const together = new Together<string, string>(
    async (key, items) => {
      rounds.push([key, ...items]);
      await new Promise<void>((resolve) => finish.push(resolve));
      if (items.includes('bad')) throw new Error('refused');
      return items.map((item) => `${item}!`);
    },
    3,
    lanes,
  );
  return { together, rounds, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Together (group commit)', () => {
  it('runs an item alone at once, and what comes meanwhile in the next round, in order', async () => {
    const { together, rounds, finish } = controlled();
    const first = together.submit('k', 'a');
    expect(rounds).toEqual([['k', 'a']]);
    const later = [together.submit('k', 'b'), together.submit('k', 'c')];
    await settle();
    // b and c wait for a's round: they never join a round that has started.
    expect(rounds).toHaveLength(1);
    finish.shift()!();
    expect(await first).toBe('a!');
    await settle();
    expect(rounds[1]).toEqual(['k', 'b', 'c']);
    finish.shift()!();
    expect(await Promise.all(later)).toEqual(['b!', 'c!']);
  });

  it('keeps keys apart and rounds within the limit', async () => {
    const { together, rounds, finish } = controlled();
    const all = [together.submit('k', 'a'), together.submit('other', 'x')];
    for (const item of ['b', 'c', 'd', 'e']) all.push(together.submit('k', item));
    expect(rounds).toEqual([
      ['k', 'a'],
      ['other', 'x'],
    ]);
    while (rounds.length < 4) {
      finish.shift()?.();
      await settle();
    }
    expect(rounds.slice(2)).toEqual([
      ['k', 'b', 'c', 'd'],
      ['k', 'e'],
    ]);
    finish.shift()!();
    expect(await Promise.all(all)).toEqual(['a!', 'x!', 'b!', 'c!', 'd!', 'e!']);
  });

  it("gives a failed round's error to its items only; the next round still runs", async () => {
    const { together, finish } = controlled();
    const first = together.submit('k', 'a');
    const failed = [together.submit('k', 'bad'), together.submit('k', 'c')];
    const settled = Promise.allSettled(failed);
    finish.shift()!();
    await first;
    await settle();
    const next = together.submit('k', 'd');
    finish.shift()!();
    expect((await settled).map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await settle();
    finish.shift()!();
    expect(await next).toBe('d!');
  });

  it('with two lanes, starts a second round beside a running one; the rest wait for either', async () => {
    const { together, rounds, finish } = controlled(2);
    const first = together.submit('k', 'a');
    const second = together.submit('k', 'b');
    // b does not wait for a's round: a second lane takes it at once.
    expect(rounds).toEqual([
      ['k', 'a'],
      ['k', 'b'],
    ]);
    const later = [together.submit('k', 'c'), together.submit('k', 'd')];
    await settle();
    expect(rounds).toHaveLength(2);
    // b's lane ends first: c and d go together in it, while a's round still runs.
    finish[1]!();
    expect(await second).toBe('b!');
    await settle();
    expect(rounds[2]).toEqual(['k', 'c', 'd']);
    finish[0]!();
    finish[2]!();
    expect(await first).toBe('a!');
    expect(await Promise.all(later)).toEqual(['c!', 'd!']);
    // Both lanes idle: the next item starts at once again.
    together.submit('k', 'e');
    expect(rounds[3]).toEqual(['k', 'e']);
  });

  it('refuses a round of no item, and no lane', () => {
    expect(() => new Together(async () => [], 0)).toThrow('at least one item');
    expect(() => new Together(async () => [], 1, 0)).toThrow('at least one round');
  });
});
