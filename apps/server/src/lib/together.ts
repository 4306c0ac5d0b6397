/**
 * Group commit for work that many requests do at the same moment (ADR 45): items of one key that
 * arrive while a round of that key is being written wait for it to finish, then go together in
 * the next round, one statement or transaction for all of them. Alone, an item goes at once (its
 * round is itself), so nothing waits when nothing else is happening; under load the round trips
 * and the commit are shared. An item never joins a round that has already started, so it sees
 * everything committed before it arrived.
 *
 * `run` answers one result per item, in their order; if it throws, every item of the round gets
 * the error.
 */
type Waiting<Item, Result> = { item: Item; done: (result: Result | undefined, error?: unknown) => void };

export class Together<Item, Result> {
  private readonly rounds = new Map<string, Waiting<Item, Result>[]>();
  /** The most items that went in one round so far (the tests check that rounds were shared). */
  largestRound = 0;

  constructor(
    private readonly run: (key: string, items: Item[]) => Promise<Result[]>,
    /** Items per round at most; the rest go in the next round. */
    private readonly limit = Number.POSITIVE_INFINITY,
  ) {
    if (!(limit >= 1)) throw new Error('Together: a round holds at least one item');
  }

  submit(key: string, item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      const done = (result: Result | undefined, error?: unknown) =>
        error === undefined ? resolve(result as Result) : reject(error);
      const waiting = this.rounds.get(key);
      if (waiting) {
        waiting.push({ item, done });
        return;
      }
      const queue = [{ item, done }];
      this.rounds.set(key, queue);
      void this.drain(key, queue);
    });
  }

  private async drain(key: string, queue: Waiting<Item, Result>[]) {
    try {
      while (queue.length > 0) {
        const round = queue.splice(0, this.limit);
        this.largestRound = Math.max(this.largestRound, round.length);
        try {
          const results = await this.run(
            key,
            round.map((entry) => entry.item),
          );
          if (results.length !== round.length) {
            throw new Error(`Together: ${results.length} results for ${round.length} items`);
          }
          for (const [index, entry] of round.entries()) entry.done(results[index]);
        } catch (error) {
          for (const entry of round) entry.done(undefined, error ?? new Error('failed'));
        }
      }
    } finally {
      this.rounds.delete(key);
    }
  }
}
