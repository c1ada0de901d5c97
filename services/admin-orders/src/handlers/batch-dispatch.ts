import type { RequestHandler } from 'express';
import { parseOrThrow } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { BatchDispatchResponse } from '@pickles/shared';
import { batchDispatchSchema } from '@pickles/shared/admin-order-requests';
import { recordDispatchLines } from '../domain/dispatch.js';
import { adminOf } from '../auth/require-admin.js';

/**
 * POST /api/admin/orders/dispatch-batch {lines}: one "order number, courier, AWB" per line. Each
 * line is recorded like a single dispatch in its own transaction, so a bad line never holds back
 * the good ones; refused lines come back with the reason.
 */
export function batchDispatchHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const { lines } = parseOrThrow(batchDispatchSchema, req.body);
    const { recorded, refused } = await recordDispatchLines(db, lines, adminOf(req).sub);
    req.log.info({ recorded: recorded.length, refused: refused.length }, 'batch dispatch');
    res.json({ success: true, recorded, refused } satisfies BatchDispatchResponse);
  };
}
