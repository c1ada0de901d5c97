import type { AdminOrder } from '@pickles/shared';
import { apiBaseUrl, type ApiFailure } from '../../lib/api-client.js';

/**
 * Reads GET /api/admin/orders/export (NDJSON) line by line, handing each order to `onOrder`, so an
 * export of 100,000 orders never holds the response and its parsed copy at once.
 */
export async function streamOrders(token: string, query: Record<string, string>, onOrder: (order: AdminOrder) => void): Promise<number> {
  const response = await fetch(`${apiBaseUrl}/admin/orders/export?${new URLSearchParams(query)}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/x-ndjson' },
    credentials: 'include',
  });
  if (!response.ok || !response.body) {
    let error = 'Export failed';
    try {
      const body = (await response.json()) as { error?: string };
      if (body.error) error = body.error;
    } catch {
      // not JSON
    }
    throw { success: false, error, status: response.status } satisfies ApiFailure;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let count = 0;
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
  // The server ends every complete stream with a newline; leftovers mean it was cut off.
  if (buffer.trim()) throw { success: false, error: 'The export was interrupted' } satisfies ApiFailure;
  return count;
}
