import { HttpError } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { BatchDispatchResponse, OrderDispatch } from '@pickles/shared';
import { parseDispatchLines, type RecordDispatchInput } from '@pickles/shared/admin-order-requests';
import { lockOrderForDispatch, recordDispatch } from '../db/dispatches.js';

/**
 * Records or corrects one order's dispatch in a transaction holding its lock (recordDispatch: the
 * lifecycle's 'dispatch' decides; 404 unknown order, 409 refused).
 */
export function recordOrderDispatch(db: Db, id: string, input: RecordDispatchInput, recordedBy: string): Promise<{ dispatch: OrderDispatch; created: boolean; orderNumber: string | undefined }> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrderForDispatch(trx, { id });
    return { ...(await recordDispatch(trx, order, input, recordedBy)), orderNumber: order?.orderNumber };
  });
}

/**
 * The batch dispatch's lines ("order number, courier, AWB"), each recorded like a single dispatch in
 * its own transaction, so a bad line never holds back the good ones; refused lines come back with why.
 */
export async function recordDispatchLines(db: Db, lines: string, recordedBy: string): Promise<Omit<BatchDispatchResponse, 'success'>> {
  const body: Omit<BatchDispatchResponse, 'success'> = { recorded: [], refused: [] };
  for (const line of parseDispatchLines(lines)) {
    if ('reason' in line) {
      body.refused.push(line);
      continue;
    }
    try {
      const { created } = await db.transaction().execute(async (trx) => {
        const order = await lockOrderForDispatch(trx, { orderNumber: line.orderNumber });
        return recordDispatch(trx, order, { courierId: line.courierId, awb: line.awb }, recordedBy);
      });
      body.recorded.push({ orderId: line.orderNumber, awb: line.awb, created });
    } catch (error) {
      // Refusals (unknown order, not paid, cancelled) are the line's answer; anything else is ours.
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      const reason = error.status === 404 ? `No order ${line.orderNumber}` : error.message;
      body.refused.push({ line: line.line, text: line.text, reason });
    }
  }
  return body;
}
