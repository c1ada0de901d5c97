import type { RequestHandler } from 'express';
import { HttpError, parseOrThrow } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { BatchDispatchResponse } from '@pickles/shared';
import { batchDispatchSchema, parseDispatchLines } from '@pickles/shared/admin-order-requests';
import { lockOrderForDispatch, recordDispatch } from '../db/dispatches.js';
import { adminOf } from '../auth/require-admin.js';

/**
 * POST /api/admin/orders/dispatch-batch {lines}: one "order number, courier, AWB" per line. Each
 * line is recorded like a single dispatch in its own transaction, so a bad line never holds back
 * the good ones; refused lines come back with the reason.
 */
export function batchDispatchHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const { lines } = parseOrThrow(batchDispatchSchema, req.body);
    const recordedBy = adminOf(req).sub;
    const body: BatchDispatchResponse = { success: true, recorded: [], refused: [] };
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
    req.log.info({ recorded: body.recorded.length, refused: body.refused.length }, 'batch dispatch');
    res.json(body);
  };
}
