import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { eventually } from '@pickles/test-kit';
// @ts-expect-error plain ESM helper shared with `npm start`
import { spawnStack } from '../../scripts/stack.mjs';

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

type Stack = { children: Map<string, { pid: number; kill: (signal: string) => void }>; stopAll: () => Promise<void> };

/** `npm start` supervises its processes: a crashed one serves again within seconds; Ctrl-C stops all for good. */
describe('the npm start supervisor', () => {
  it('restarts a killed process, says so, and never restarts what it was told to stop', async () => {
    const port = await freePort();
    const restarts: string[] = [];
    const stack = spawnStack(
      { checkout: { entry: 'test/integration/fixtures/tiny-server.ts', env: { ...process.env, PORT: String(port) } } },
      { quiet: true, onRestart: (name: string) => restarts.push(name) },
    ) as Stack;
    const pidOf = async () => ((await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.json())) as { pid: number }).pid;
    try {
      const first = await eventually(() => pidOf().catch(() => undefined), 20_000);
      stack.children.get('checkout')!.kill('SIGKILL');
      const second = await eventually(async () => {
        const pid = await pidOf().catch(() => undefined);
        return pid && pid !== first ? pid : undefined;
      }, 15_000);
      expect(second).not.toBe(first);
      expect(restarts).toEqual(['checkout']);
    } finally {
      await stack.stopAll();
    }
    // A restart is announced (onRestart) on the exit itself, before it is scheduled: stopAll has
    // seen every exit, so nothing announced now means nothing will start again.
    expect(stack.children.size).toBe(0);
    expect(restarts).toEqual(['checkout']);
    await expect(pidOf()).rejects.toThrow();
  });
});
