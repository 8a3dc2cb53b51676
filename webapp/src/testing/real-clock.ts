/**
 * Waiting on the real clock while a test has faked the timers of the code under test.
 *
 * Vitest's own `vi.waitFor` moves faked timers forward on every check and Testing Library's `waitFor`
 * waits on the faked clock, so neither can show that something happens when, and only when, the test
 * moves time. `untilReal` polls with the timer the test file started with (captured when this module
 * is imported, before any test fakes one): the faked clock stays where the test put it.
 */
const realTimeout = globalThis.setTimeout;

/** Run `check` until it passes (its last error after `timeoutMs` of real time: a bound for a busy machine). */
export async function untilReal(check: () => void, timeoutMs = 20_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (performance.now() > end) throw error;
      await new Promise((resolve) => realTimeout(resolve, 20));
    }
  }
}
