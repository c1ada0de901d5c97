/**
 * The delivery address: its shape everywhere outside the database and the ways it is written out.
 * The checkout form's schema (validation.ts, deliveryAddressSchema) checks it; the database keeps it
 * as flat_number, street, area, city, state and pincode columns of the order.
 */
export interface DeliveryAddress {
  flatNumber: string;
  street: string;
  area: string;
  city: string;
  state: string;
  pincode: string;
}

/** "Flat 4C, MG Road, Indiranagar, Bengaluru, Karnataka - 560038": e-mails, exports, the checkout's confirmation, the admin table. */
export function addressOneLine(a: DeliveryAddress): string {
  return `${a.flatNumber}, ${a.street}, ${a.area}, ${a.city}, ${a.state} - ${a.pincode}`;
}

/** The address as a label prints it, one line per part, empty parts left out (the pincode shown beside it). */
export function addressLines(a: DeliveryAddress): string[] {
  return [`${a.flatNumber}, ${a.street}`, a.area, `${a.city}, ${a.state}`].filter((line) => line.trim());
}
