import type { RequestHandler } from 'express';
import { NotFoundError } from '@pickles/service-kit';
import type { ResolveAttentionResponse } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { resolvePaymentAttention } from '../domain/order-panel.js';
import { adminOf } from '../auth/require-admin.js';
import { isUuid } from './parse.js';

/** POST /api/admin/attention/{id}/resolve: the owner has dealt with a payment problem (refunded it, say). */
export function resolveAttentionHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    const resolved = isUuid(id) ? await resolvePaymentAttention(db, id, `admin:${adminOf(req).sub}`) : undefined;
    if (!resolved) throw new NotFoundError('No open attention item with this id');
    req.log.info({ attentionId: id, ...(resolved.orderId && resolved) }, 'attention item resolved');
    res.json({ success: true } satisfies ResolveAttentionResponse);
  };
}
