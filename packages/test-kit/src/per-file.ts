import { afterAll, beforeAll } from 'vitest';

/**
 * A webhook receiver and the sandbox that sends to it, for one test file: started before its first
 * test (the receiver first, so the sandbox knows where to send) and handed to `use`, closed after its
 * last (the sandbox first, so nothing is sent to a closed receiver). Vitest's hooks: test files only.
 */
export function webhookPairPerFile<R extends { url: string; close: () => Promise<void> }, S>(
  startReceiver: () => Promise<R>,
  startSender: (webhookUrl: string) => Promise<S>,
  closeSender: (sender: S) => Promise<void>,
  use: (receiver: R, sender: S) => void,
): void {
  let receiver: R;
  let sender: S;
  beforeAll(async () => {
    receiver = await startReceiver();
    sender = await startSender(receiver.url);
    use(receiver, sender);
  });
  afterAll(async () => {
    await closeSender(sender);
    await receiver.close();
  });
}
