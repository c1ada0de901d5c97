import type { RequestHandler } from 'express';
import { createDiscountCode, listDiscountCodes, updateDiscountCode, type DiscountCodeInput, type DiscountCodeRow, type DiscountCodeSummary, type Db } from '@pickles/db';
import { ConflictError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import { describeDiscount, discountCodeFormSchema, rupeesToPaise, type AdminDiscountCode, type AdminDiscountCodeResponse, type AdminDiscountCodesResponse } from '@pickles/shared';
import { adminOf } from '../auth/require-admin.js';

function toAdmin({ row, uses, paidUses, discountGivenPaise }: DiscountCodeSummary): AdminDiscountCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountPaise: row.amount_paise,
    minOrderPaise: row.min_order_paise,
    startsAt: row.starts_at && new Date(row.starts_at).toISOString(),
    endsAt: row.ends_at && new Date(row.ends_at).toISOString(),
    maxUses: row.max_uses,
    maxUsesPerShopper: row.max_uses_per_shopper,
    active: row.active,
    offer: describeDiscount({ kind: row.kind, percent: row.percent, amountPaise: row.amount_paise }),
    uses,
    paidUses,
    discountGivenPaise,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

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

async function summaryOf(db: Db, row: DiscountCodeRow): Promise<AdminDiscountCode> {
  const summary = (await listDiscountCodes(db)).find((code) => code.row.id === row.id);
  return toAdmin(summary ?? { row, uses: 0, paidUses: 0, discountGivenPaise: 0 });
}

/** GET /api/admin/discount-codes: every code, newest first, with its uses and the discount it gave (decision 028). */
export function listDiscountCodesHandler(db: Db): RequestHandler {
  return async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, codes: (await listDiscountCodes(db)).map(toAdmin) } satisfies AdminDiscountCodesResponse);
  };
}

/** POST /api/admin/discount-codes: a new code (stored upper case); 409 when the name is taken in any case. */
export function createDiscountCodeHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const input = inputOf(req.body);
    const row = await createDiscountCode(db, input, adminOf(req).sub);
    if (!row) throw new ConflictError(`There is already a code ${input.code.toUpperCase()}.`);
    req.log.info({ code: row.code }, 'discount code created');
    res.status(201).json({ success: true, code: await summaryOf(db, row) } satisfies AdminDiscountCodeResponse);
  };
}

/** PUT /api/admin/discount-codes/{id}: changes a code's terms or pauses it; orders already made keep their discount. */
export function updateDiscountCodeHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const raw = req.params.id;
    const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
    if (id === undefined) throw new NotFoundError('There is no such discount code.');
    const current = await db.selectFrom('discount_codes').select('code').where('id', '=', id).executeTakeFirst();
    if (!current) throw new NotFoundError('There is no such discount code.');
    // The code's name stays: shoppers may have it already.
    const { code: _code, ...input } = inputOf({ ...(req.body as object), code: current.code });
    const row = await updateDiscountCode(db, id, input, adminOf(req).sub);
    if (!row) throw new NotFoundError('There is no such discount code.');
    req.log.info({ code: row.code, active: row.active }, 'discount code changed');
    res.json({ success: true, code: await summaryOf(db, row) } satisfies AdminDiscountCodeResponse);
  };
}
