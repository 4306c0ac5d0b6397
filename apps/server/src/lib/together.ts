/**
 * Group commit for work that many requests do at the same moment (ADR 45): items of one key that
 * arrive while a round of that key is being written (or as many rounds as it has lanes, ADR 70)
 * wait for one to finish, then go together in the next round, one statement or transaction for
 * all of them. Alone, an item goes at once (its round is itself), so nothing waits when nothing
 * else is happening; under load the round trips and the commit are shared. An item never joins a
 * round that has already started, so it sees everything committed before it arrived.
 *
 * `run` answers one result per item, in their order; if it throws, every item of the round gets
 * the error.
 */
type Waiting<Item, Result> = { item: Item; done: (result: Result | undefined, error?: unknown) => void };

/** A key's items waiting for a round, and how many of its rounds are running. */
type KeyState<Item, Result> = { waiting: Waiting<Item, Result>[]; running: number };

export class Together<Item, Result> {
  private readonly keys = new Map<string, KeyState<Item, Result>>();
  /** The most items that went in one round so far (the tests check that rounds were shared). */
  largestRound = 0;

  constructor(
    private readonly run: (key: string, items: Item[]) => Promise<Result[]>,
    /** Items per round at most; the rest go in the next round. */
    private readonly limit = Number.POSITIVE_INFINITY,
    /**
     * Rounds of one key that may run at once (1: one after another). With more, an item that
     * arrives while fewer rounds are running starts a round at once beside them; `run` must then
     * be safe beside itself, as the same work in two processes is.
     */
    private readonly lanes = 1,
  ) {
    if (!(limit >= 1)) throw new Error('Together: a round holds at least one item');
    if (!(lanes >= 1)) throw new Error('Together: at least one round must be able to run');
  }

  submit(key: string, item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      const done = (result: Result | undefined, error?: unknown) =>
        error === undefined ? resolve(result as Result) : reject(error);
      let state = this.keys.get(key);
      if (!state) {
        state = { waiting: [], running: 0 };
        this.keys.set(key, state);
      }
      state.waiting.push({ item, done });
      if (state.running < this.lanes) void this.drain(key, state);
    });
  }

  /** One lane: rounds of the key's waiting items, one after another, until none waits. */
  private async drain(key: string, state: KeyState<Item, Result>) {
    state.running += 1;
    try {
      while (state.waiting.length > 0) {
        const round = state.waiting.splice(0, this.limit);
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
      state.running -= 1;
      if (state.running === 0 && state.waiting.length === 0) this.keys.delete(key);
    }
  }
}
