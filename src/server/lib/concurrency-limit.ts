/** Thrown when a limiter's queue is full: the caller should answer "busy, try again" at once. */
export class ConcurrencyLimitExceeded extends Error {
  constructor() {
    super('too many tasks waiting');
    this.name = 'ConcurrencyLimitExceeded';
  }
}

/**
 * Runs at most `max` tasks at once and lets at most `maxWaiting` more wait; beyond that it refuses at
 * once instead of building an unbounded queue. A finishing task hands its slot straight to the next.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly max: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.max) {
      this.active += 1;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new ConcurrencyLimitExceeded();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  get stats() {
    return { active: this.active, waiting: this.waiting.length };
  }
}
