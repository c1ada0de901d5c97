import { InvalidError } from '@pickles/service-kit';
import { lookupPincode } from '@pickles/pincodes';
import { findIndianState } from '@pickles/shared/indian-states';
import { PINCODE_MESSAGES, type CreateOrderPayload } from '@pickles/shared/validation';

/**
 * The delivery address against India Post's pincode directory: a pincode no post office
 * has is refused (a typo would be a parcel that never arrives), and the state must be the pincode's.
 * A state typed loosely ('karnataka', 'Orissa', 'Jammu & Kashmir') is stored by its canonical name,
 * so the admin's state filter and the invoice's place of supply read one spelling. The city stays as
 * typed: shoppers know their locality better than the district the directory names.
 */
export function withCheckedAddress<T extends Pick<CreateOrderPayload, 'deliveryAddress'>>(payload: T): T {
  const { pincode, state } = payload.deliveryAddress;
  const place = lookupPincode(pincode);
  if (!place) throw new InvalidError(PINCODE_MESSAGES.unknown, { pincode: PINCODE_MESSAGES.unknown });
  if (findIndianState(state)?.code !== place.stateCode) {
    const message = PINCODE_MESSAGES.otherState(place.state);
    throw new InvalidError(message, { state: message });
  }
  return { ...payload, deliveryAddress: { ...payload.deliveryAddress, state: place.state } };
}
