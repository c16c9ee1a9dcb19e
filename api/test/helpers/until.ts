/**
 * Waits for `check` to give something (a value, a found call, true), asking again every
 * `pollMs`; past `timeoutMs` it fails. For what a job or another process does in its own time.
 */
export async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 30_000,
  pollMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
