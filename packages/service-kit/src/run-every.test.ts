import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from './run-every.js';

// The loop is a timer: fake time drives it, so the test neither waits nor depends on the machine's speed.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runEvery', () => {
  it('runs the task on every tick, one pass at a time, carries on after an error, and stop waits for the pass in flight', async () => {
    let passes = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const errors: unknown[] = [];
    const loop = runEvery(
      10,
      async () => {
        passes++;
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        // Each pass outlasts two ticks: the ticks meanwhile must be skipped, not overlapped.
        await new Promise((resolve) => setTimeout(resolve, 25));
        concurrent--;
        if (passes === 2) throw new Error('a dependency blinked');
      },
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(200);
    // A pass is in flight at 200 ms (passes start at 10, 40, 70 ... 190, the last ends at 215): stop waits for it.
    expect(concurrent).toBe(1);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(14);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    const afterStop = passes;
    expect(concurrent).toBe(0);
    expect(maxConcurrent).toBe(1);
    expect(passes).toBeGreaterThan(3);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(passes).toBe(afterStop);
  });
});
