import { createDiscountCode, listDiscountCodes, updateDiscountCode, type DiscountCodeInput, type DiscountCodeRow, type DiscountCodeSummary, type Db } from '@pickles/db';
import { describeDiscount, type AdminDiscountCode } from '@pickles/shared';

/** The owner's discount codes (decision 028): their terms, and how much they were used. */

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

async function summaryOf(db: Db, row: DiscountCodeRow): Promise<AdminDiscountCode> {
  const summary = (await listDiscountCodes(db)).find((code) => code.row.id === row.id);
  return toAdmin(summary ?? { row, uses: 0, paidUses: 0, discountGivenPaise: 0 });
}

/** Every code, newest first, with its uses and the discount it gave. */
export async function discountCodes(db: Db): Promise<AdminDiscountCode[]> {
  return (await listDiscountCodes(db)).map(toAdmin);
}

/** A new code, stored upper case; refused when the name is taken in any case. */
export async function addDiscountCode(db: Db, input: DiscountCodeInput, by: string): Promise<{ kind: 'taken' } | { kind: 'created'; code: AdminDiscountCode }> {
  const row = await createDiscountCode(db, input, by);
  if (!row) return { kind: 'taken' };
  return { kind: 'created', code: await summaryOf(db, row) };
}

/**
 * A code's new terms, or paused / active again; orders already made keep their discount. The name
 * stays (shoppers may have it already): `terms` is given it, and read only for a code that exists.
 */
export async function changeDiscountCode(db: Db, id: number, terms: (code: string) => Omit<DiscountCodeInput, 'code'>, by: string): Promise<{ kind: 'not-found' } | { kind: 'changed'; code: AdminDiscountCode }> {
  const current = await db.selectFrom('discount_codes').select('code').where('id', '=', id).executeTakeFirst();
  if (!current) return { kind: 'not-found' };
  const row = await updateDiscountCode(db, id, terms(current.code), by);
  if (!row) return { kind: 'not-found' };
  return { kind: 'changed', code: await summaryOf(db, row) };
}
