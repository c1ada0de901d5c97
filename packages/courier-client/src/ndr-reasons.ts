/**
 * Why a delivery attempt failed, in a few kinds the shop can act on (what the shopper is told to do
 * differs). Couriers write the reason as free text in their own words, so it is classified by
 * keywords; anything unrecognised is `other` and its text is kept for the owner.
 */
export const NDR_REASON_CODES = ['customer-unavailable', 'phone-unreachable', 'address-problem', 'refused', 'other'] as const;
export type NdrReasonCode = (typeof NDR_REASON_CODES)[number];

const RULES: Array<[RegExp, NdrReasonCode]> = [
  [/refus|reject|not (interested|accepting)|cancel/i, 'refused'],
  [/phone|call|contact|not reachable|unreachable|switched off|no response/i, 'phone-unreachable'],
  [/address|landmark|locat|incomplete|wrong pin|out of delivery area|\boda\b/i, 'address-problem'],
  [/not available|unavailable|not at home|door ?lock|premises closed|office closed|absent/i, 'customer-unavailable'],
];

export function ndrReasonCode(reason: string | undefined): NdrReasonCode {
  if (!reason) return 'other';
  return RULES.find(([pattern]) => pattern.test(reason))?.[1] ?? 'other';
}
