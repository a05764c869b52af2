import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit, ConcurrencyLimitExceeded } from './concurrency-limit';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('ConcurrencyLimit', () => {
  it('runs at most max tasks at once, queues up to maxWaiting and refuses the rest', async () => {
    const limit = new ConcurrencyLimit(2, 1);
    const gates = [deferred(), deferred(), deferred()];
    let running = 0;
    let peak = 0;
    const task = (i: number) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      await gates[i]!.promise;
      running -= 1;
      return i;
    };
    const first = limit.run(task(0));
    const second = limit.run(task(1));
    const third = limit.run(task(2));
    await expect(limit.run(task(0))).rejects.toBeInstanceOf(ConcurrencyLimitExceeded);
    expect(limit.stats).toEqual({ active: 2, waiting: 1 });
    gates[0]!.resolve();
    await first;
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all([second, third])).toEqual([1, 2]);
    expect(peak).toBe(2);
    expect(limit.stats).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const limit = new ConcurrencyLimit(1, 0);
    await expect(limit.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit.run(async () => 'ok')).toBe('ok');
  });
});
