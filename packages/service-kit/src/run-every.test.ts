import { describe, expect, it } from 'vitest';
import { runEvery } from './run-every.js';

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
        await new Promise((resolve) => setTimeout(resolve, 25));
        concurrent--;
        if (passes === 2) throw new Error('a dependency blinked');
      },
      (error) => errors.push(error),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await loop.stop();
    const afterStop = passes;
    expect(concurrent).toBe(0);
    expect(maxConcurrent).toBe(1);
    expect(passes).toBeGreaterThan(3);
    expect(errors).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(passes).toBe(afterStop);
  });
});
