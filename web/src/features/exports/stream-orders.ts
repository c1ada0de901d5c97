import type { AdminOrder } from '@pickles/shared';
import type { ApiFailure } from '../../lib/api-client.js';
import { adminStream } from '../../lib/admin-session/index.js';

/**
 * Reads GET /api/admin/orders/export (NDJSON) as it arrives, handing each order to `onOrder`, so an
 * export of 100,000 orders never holds the response and its parsed copy at once.
 */
export async function streamOrders(query: Record<string, string>, onOrder: (order: AdminOrder) => void): Promise<number> {
  const reader = await adminStream('GET', `/admin/orders/export?${new URLSearchParams(query)}`, { headers: { Accept: 'application/x-ndjson' } });
  return readOrders(reader, onOrder);
}

/**
 * The orders of an NDJSON stream, in order; resolves with how many there were. Each piece of the
 * stream is parsed whole: its complete lines become one JSON array (a newline only ever separates
 * lines: inside a value JSON escapes it), one JSON.parse for a hundred orders or so.
 */
export async function readOrders(reader: ReadableStreamDefaultReader<string>, onOrder: (order: AdminOrder) => void): Promise<number> {
  let partial = '';
  let count = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const end = value.lastIndexOf('\n');
      if (end < 0) {
        partial += value;
        continue;
      }
      const lines = partial + value.slice(0, end);
      partial = value.slice(end + 1);
      if (!lines) continue;
      const orders = JSON.parse(`[${lines.replaceAll('\n', ',')}]`) as AdminOrder[];
      for (const order of orders) onOrder(order);
      count += orders.length;
    }
  } catch (failure) {
    // A line that is not JSON, or a failed read: stop the download rather than leave it running unread.
    await reader.cancel().catch(() => undefined);
    throw failure;
  }
  // The server ends every complete stream with a newline; leftovers mean it was cut off.
  if (partial.trim()) throw { success: false, error: 'The export was interrupted' } satisfies ApiFailure;
  return count;
}
