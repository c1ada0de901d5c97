import type { RequestHandler } from 'express';
import { parseOrThrow } from '@pickles/service-kit';
import { adminOrderQuerySchema } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { exportOrders } from '../domain/export-orders.js';

/**
 * GET /api/admin/orders/export: every order matching the filter (all orders without one), in the
 * chosen sort, as NDJSON (one AdminOrder per line), streamed from a cursor with backpressure.
 */
export function exportOrdersHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const { sortField, sortDir, page: _page, pageSize: _pageSize, ...filter } = parseOrThrow(adminOrderQuerySchema, req.query);
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    let aborted = false;
    res.on('close', () => {
      aborted = !res.writableFinished;
    });
    try {
      await exportOrders(db, { filter, sortField, sortDir }, async (text) => {
        if (aborted) throw new Error('client went away');
        if (!res.write(text)) await new Promise<void>((resolve) => res.once('drain', resolve));
      });
      res.end();
    } catch (error) {
      // Headers are gone: a cut-off stream (no final newline-terminated end) is all we can signal.
      req.log.error({ err: error }, 'export stream failed');
      res.destroy();
    }
  };
}
