import type { RequestHandler } from 'express';
import type { DiscountCodeInput, Db } from '@pickles/db';
import { ConflictError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import { discountCodeFormSchema, rupeesToPaise, type AdminDiscountCodeResponse, type AdminDiscountCodesResponse } from '@pickles/shared';
import { addDiscountCode, changeDiscountCode, discountCodes } from '../domain/discount-codes.js';
import { adminOf } from '../auth/require-admin.js';
import { sendUncached, serialId } from './parse.js';

function inputOf(body: unknown): DiscountCodeInput {
  const form = parseOrThrow(discountCodeFormSchema, body);
  return {
    code: form.code,
    kind: form.kind,
    percent: form.kind === 'percent' ? form.percent : null,
    amountPaise: form.kind === 'fixed' && form.amount !== null ? rupeesToPaise(form.amount) : null,
    minOrderPaise: rupeesToPaise(form.minOrder),
    startsAt: form.startsAt,
    endsAt: form.endsAt,
    maxUses: form.maxUses,
    maxUsesPerShopper: form.maxUsesPerShopper,
    active: form.active,
  };
}

/** GET /api/admin/discount-codes: every code, newest first, with its uses and the discount it gave (decision 028). */
export function listDiscountCodesHandler(db: Db): RequestHandler {
  return async (_req, res) => {
    sendUncached(res, { success: true, codes: await discountCodes(db) } satisfies AdminDiscountCodesResponse);
  };
}

/** POST /api/admin/discount-codes: a new code (stored upper case); 409 when the name is taken in any case. */
export function createDiscountCodeHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const input = inputOf(req.body);
    const created = await addDiscountCode(db, input, adminOf(req).sub);
    if (created.kind === 'taken') throw new ConflictError(`There is already a code ${input.code.toUpperCase()}.`);
    req.log.info({ code: created.code.code }, 'discount code created');
    res.status(201).json({ success: true, code: created.code } satisfies AdminDiscountCodeResponse);
  };
}

/** PUT /api/admin/discount-codes/{id}: changes a code's terms or pauses it; orders already made keep their discount. */
export function updateDiscountCodeHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = serialId(req.params.id);
    if (id === undefined) throw new NotFoundError('There is no such discount code.');
    // The code's name stays (shoppers may have it already): the form is read with it.
    const terms = (code: string) => {
      const { code: _code, ...input } = inputOf({ ...(req.body as object), code });
      return input;
    };
    const changed = await changeDiscountCode(db, id, terms, adminOf(req).sub);
    if (changed.kind === 'not-found') throw new NotFoundError('There is no such discount code.');
    req.log.info({ code: changed.code.code, active: changed.code.active }, 'discount code changed');
    res.json({ success: true, code: changed.code } satisfies AdminDiscountCodeResponse);
  };
}
