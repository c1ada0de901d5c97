/**
 * A background loop: `task` every `intervalMs`, never two at once (a slow pass skips a tick), errors
 * reported and the loop carried on (a dependency that blinks never ends it). `stop` waits for the pass
 * in flight, so a shutdown does not cut one in half.
 */
export function runEvery(intervalMs: number, task: () => Promise<unknown>, onError: (error: unknown) => void): { stop: () => Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = task()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
