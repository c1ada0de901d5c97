import type { AdminOrder } from '@pickles/shared';
import type { ApiFailure } from '../../lib/api-client.js';
import { adminStream } from '../../lib/admin-session/index.js';

/**
 * Reads GET /api/admin/orders/export (NDJSON) line by line, handing each order to `onOrder`, so an
 * export of 100,000 orders never holds the response and its parsed copy at once.
 */
export async function streamOrders(query: Record<string, string>, onOrder: (order: AdminOrder) => void): Promise<number> {
  const reader = await adminStream('GET', `/admin/orders/export?${new URLSearchParams(query)}`, { headers: { Accept: 'application/x-ndjson' } });
  let buffer = '';
  let count = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (value) {
        const lines = (buffer + value).split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          if (!line) continue;
          onOrder(JSON.parse(line) as AdminOrder);
          count += 1;
        }
      }
      if (done) break;
    }
  } catch (failure) {
    // A line that is not JSON, or a failed read: stop the download rather than leave it running unread.
    await reader.cancel().catch(() => undefined);
    throw failure;
  }
  // The server ends every complete stream with a newline; leftovers mean it was cut off.
  if (buffer.trim()) throw { success: false, error: 'The export was interrupted' } satisfies ApiFailure;
  return count;
}
