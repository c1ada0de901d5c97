/**
 * Couriers the owner picks from when recording a dispatch, with the public tracking page each one
 * offers for an AWB. "Other" takes any https URL the owner pastes. A template's `{awb}` is replaced
 * by the URL-encoded AWB.
 */
export const COURIERS = [
  { id: 'delhivery', name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{awb}' },
  { id: 'bluedart', name: 'Blue Dart', trackingUrl: 'https://www.bluedart.com/tracking?trackFor=0&trackNo={awb}' },
  { id: 'dtdc', name: 'DTDC', trackingUrl: 'https://www.dtdc.in/trace.asp?strCnno={awb}' },
  { id: 'india-post', name: 'India Post (Speed Post)', trackingUrl: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={awb}' },
  { id: 'ekart', name: 'Ekart', trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{awb}' },
  { id: 'xpressbees', name: 'Xpressbees', trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={awb}' },
  { id: 'shiprocket', name: 'Shiprocket', trackingUrl: 'https://shiprocket.co/tracking/{awb}' },
  { id: 'other', name: 'Other', trackingUrl: null },
] as const;

export type CourierId = (typeof COURIERS)[number]['id'];
export const COURIER_IDS = COURIERS.map((courier) => courier.id) as [CourierId, ...CourierId[]];

export function findCourier(id: string): (typeof COURIERS)[number] | undefined {
  return COURIERS.find((courier) => courier.id === id);
}

/** The tracking link of an AWB with a known courier; undefined for "other" (the owner gives the URL). */
export function courierTrackingUrl(courierId: string, awb: string): string | undefined {
  const template = findCourier(courierId)?.trackingUrl;
  return template ? template.replace('{awb}', encodeURIComponent(awb.trim())) : undefined;
}
