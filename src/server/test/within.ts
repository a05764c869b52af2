/** Polls `check` every 20 ms for up to `ms`; its last answer (for what another instance hears in moments). */
export async function within<T>(
  ms: number,
  check: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  const until = Date.now() + ms;
  let value = await check();
  while (!done(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    value = await check();
  }
  return value;
}
