import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { applyDiscount, discountRefusal, normaliseDiscountCode, type AppliedDiscount, type DiscountRefusal, type DiscountTerms } from '@pickles/shared/discount-codes';
import type { Database, DiscountCodesTable } from './schema.js';

type Db = Kysely<Database>;

/**
 * How long a use reserved before Razorpay was asked counts without its order: the Razorpay call's
 * time, with room. A checkout process that died in between leaves a use that lapses after it.
 */
export const UNSTORED_USE_MINUTES = 15;

/** The shopper as a code's per-shopper limit knows them: hashes of the normalised e-mail and phone. */
export interface DiscountShopper {
  emailHash: string;
  phoneHash: string;
}

export function discountShopper(email: string, phone: string): DiscountShopper {
  const hash = (text: string) => createHash('sha256').update(text).digest('hex');
  return { emailHash: hash(`email:${email.trim().toLowerCase()}`), phoneHash: hash(`phone:${phone.replace(/\D/g, '').slice(-10)}`) };
}

/**
 * Whether the use `u` still counts against its code (decision 028), from its order `o` (left
 * joined): reserved and not yet stored (Razorpay being asked, for UNSTORED_USE_MINUTES at most);
 * the order holds its jars (awaiting payment) or has them (paid); or the order was paid, whatever
 * happened after. A use is given back exactly when its unpaid order's jars go back: the payment
 * failed, the hold ran out, the order expired or was cancelled unpaid.
 */
export function useCounts(): RawBuilder<boolean> {
  return sql<boolean>`((o.id is null and u.reserved_at > now() - make_interval(mins => ${UNSTORED_USE_MINUTES}))
    or (o.id is not null and (o.stock_state is distinct from 'released' or o.payment_status in ('paid', 'refunded'))))`;
}

export type DiscountCodeRow = Selectable<DiscountCodesTable>;

export function termsOf(row: DiscountCodeRow): DiscountTerms {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountPaise: row.amount_paise,
    minOrderPaise: row.min_order_paise,
    startsAt: row.starts_at && new Date(row.starts_at),
    endsAt: row.ends_at && new Date(row.ends_at),
    maxUses: row.max_uses,
    maxUsesPerShopper: row.max_uses_per_shopper,
    active: row.active,
  };
}

/** The counted uses of a code, in all and by one shopper (the same e-mail or the same phone). */
async function usageOf(db: Db, codeId: number, shopper?: DiscountShopper): Promise<{ uses: number; usesByShopper?: number }> {
  const byShopper = shopper ? sql<number>`count(*) filter (where u.email_hash = ${shopper.emailHash} or u.phone_hash = ${shopper.phoneHash})::int` : sql<null>`null`;
  const { rows } = await sql<{ uses: number; by_shopper: number | null }>`
    select count(*)::int as uses, ${byShopper} as by_shopper
    from discount_code_uses u left join orders o on o.id = u.order_id
    where u.code_id = ${codeId} and ${useCounts()}`.execute(db);
  const row = rows[0]!;
  return row.by_shopper === null ? { uses: row.uses } : { uses: row.uses, usesByShopper: row.by_shopper };
}

/** What a code does for this cart now, or why not: the advisory answer of the shopper's check (nothing is reserved). */
export async function checkDiscountCode(
  db: Db,
  typed: string,
  order: { linesPaise: readonly number[]; shippingPaise: number },
  shopper: DiscountShopper | undefined,
  now: Date,
): Promise<{ ok: true; applied: AppliedDiscount } | { ok: false; refusal: DiscountRefusal }> {
  const row = await db.selectFrom('discount_codes').selectAll().where('code', '=', normaliseDiscountCode(typed)).executeTakeFirst();
  const subtotalPaise = order.linesPaise.reduce((sum, line) => sum + line, 0);
  const refusal = discountRefusal(typed, row && termsOf(row), { subtotalPaise }, row ? await usageOf(db, row.id, shopper) : {}, now);
  if (refusal) return { ok: false, refusal };
  return { ok: true, applied: applyDiscount(termsOf(row!), order) };
}

/** A code's terms as they are now (unlocked), for create-order's pricing before anything is reserved. */
export async function readDiscountTerms(db: Db, typed: string): Promise<DiscountTerms | undefined> {
  const row = await db.selectFrom('discount_codes').selectAll().where('code', '=', normaliseDiscountCode(typed)).executeTakeFirst();
  return row && termsOf(row);
}

/**
 * Reserves one use of the code for the order about to be made (decision 028), before Razorpay is
 * asked: in a short transaction that locks the code's row, counts its uses then (every reservation
 * of the code queues on that lock, so two shoppers racing for the last use are decided one after
 * the other: one gets it, the other is refused "This code has been used up"), checks the terms
 * again and stores the use. The discount is recomputed from the locked terms: when it is no longer
 * `expectedDiscountPaise` (the owner changed the code meanwhile) nothing is reserved. No network call
 * is made inside; the caller releases the use (releaseDiscountUse) when the order is not stored.
 */
export async function reserveDiscountUse(
  db: Db,
  input: { orderId: string; code: string; shopper: DiscountShopper; order: { linesPaise: readonly number[]; shippingPaise: number }; expectedDiscountPaise: number; now: Date },
): Promise<{ ok: true; applied: AppliedDiscount } | { ok: false; refusal: DiscountRefusal }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('discount_codes').selectAll().where('code', '=', normaliseDiscountCode(input.code)).forUpdate().executeTakeFirst();
    const subtotalPaise = input.order.linesPaise.reduce((sum, line) => sum + line, 0);
    const usage = row ? await usageOf(trx, row.id, input.shopper) : {};
    const refusal = discountRefusal(input.code, row && termsOf(row), { subtotalPaise }, usage, input.now);
    if (refusal) return { ok: false as const, refusal };
    const applied = applyDiscount(termsOf(row!), input.order);
    if (applied.discountPaise !== input.expectedDiscountPaise) {
      return { ok: false as const, refusal: { reason: 'unknown' as const, message: `The code ${row!.code} has just changed. Please apply it again.` } };
    }
    await trx
      .insertInto('discount_code_uses')
      .values({ order_id: input.orderId, code_id: row!.id, email_hash: input.shopper.emailHash, phone_hash: input.shopper.phoneHash, discount_paise: applied.discountPaise })
      .execute();
    return { ok: true as const, applied };
  });
}

/** Gives a reserved use back: the order it was reserved for was not stored (Razorpay failed, the batch ran out, a twin won). */
export async function releaseDiscountUse(db: Db, orderId: string): Promise<void> {
  await db.deleteFrom('discount_code_uses').where('order_id', '=', orderId).execute();
}

/** A code as the owner's page lists it, with its counts. */
export interface DiscountCodeSummary {
  row: DiscountCodeRow;
  /** Uses counting against the limit now: paid, plus reserved by orders awaiting payment. */
  uses: number;
  /** Orders paid with it. */
  paidUses: number;
  /** All it took off paid orders. */
  discountGivenPaise: number;
}

export async function listDiscountCodes(db: Db): Promise<DiscountCodeSummary[]> {
  const { rows } = await sql<DiscountCodeRow & { uses: number; paid_uses: number; discount_given_paise: number }>`
    select c.*,
      (select count(*) from discount_code_uses u left join orders o on o.id = u.order_id where u.code_id = c.id and ${useCounts()})::int as uses,
      (select count(*) from discount_code_uses u join orders o on o.id = u.order_id where u.code_id = c.id and o.payment_status in ('paid', 'refunded'))::int as paid_uses,
      (select coalesce(sum(u.discount_paise), 0) from discount_code_uses u join orders o on o.id = u.order_id where u.code_id = c.id and o.payment_status in ('paid', 'refunded'))::int as discount_given_paise
    from discount_codes c
    order by c.created_at desc, c.id desc`.execute(db);
  return rows.map(({ uses, paid_uses, discount_given_paise, ...row }) => ({ row, uses, paidUses: paid_uses, discountGivenPaise: discount_given_paise }));
}

/** A code as the owner saves it: its terms (the owner's form, in paise and instants). */
export type DiscountCodeInput = DiscountTerms;

function columnsOf(input: DiscountCodeInput) {
  return {
    code: normaliseDiscountCode(input.code),
    kind: input.kind,
    percent: input.kind === 'percent' ? input.percent : null,
    amount_paise: input.kind === 'fixed' ? input.amountPaise : null,
    min_order_paise: input.minOrderPaise,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    max_uses: input.maxUses,
    max_uses_per_shopper: input.maxUsesPerShopper,
    active: input.active,
  };
}

/** Creates a code; undefined when one of that name exists already (any case). */
export async function createDiscountCode(db: Db, input: DiscountCodeInput, by: string): Promise<DiscountCodeRow | undefined> {
  return db
    .insertInto('discount_codes')
    .values({ ...columnsOf(input), updated_by: by })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Changes a code's terms (its name stays); undefined when there is no such code. Uses made keep the discount they were given. */
export async function updateDiscountCode(db: Db, id: number, input: Omit<DiscountCodeInput, 'code'>, by: string): Promise<DiscountCodeRow | undefined> {
  const { code: _code, ...columns } = columnsOf({ ...input, code: '' });
  return db
    .updateTable('discount_codes')
    .set({ ...columns, updated_by: by, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
