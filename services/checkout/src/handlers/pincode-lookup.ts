import type { RequestHandler } from 'express';
import { HttpError, InvalidError } from '@pickles/service-kit';
import { deliveryEstimate, lookupPincode } from '@pickles/pincodes';
import type { PincodeLookupResponse } from '@pickles/shared/api';
import { sellerProfileFromEnv } from '@pickles/shared/seller-profile';
import { CHECKOUT_MESSAGES, PINCODE_MESSAGES } from '@pickles/shared/validation';

/** A day: the directory changes only with a release, and the checkout asks for the same pincodes again. */
const CACHE_CONTROL = 'public, max-age=86400';

/**
 * GET /api/pincodes/:pincode: the city and state India Post's directory gives the pincode, and the
 * delivery estimate from the seller's pincode (SELLER_PINCODE, read once when the routes are made,
 * so a bad seller profile stops the start rather than a shopper's lookup). Public data, no personal
 * data, answered from memory.
 */
export function pincodeLookupHandler(fromPincode: string = sellerProfileFromEnv(process.env).address.pincode): RequestHandler {
  return (req, res) => {
    const pincode = String(req.params.pincode ?? '');
    if (!/^\d{6}$/.test(pincode)) throw new InvalidError(CHECKOUT_MESSAGES.pincode, { pincode: CHECKOUT_MESSAGES.pincode });
    const place = lookupPincode(pincode);
    const estimate = deliveryEstimate(pincode, fromPincode);
    // The field says it is the pincode that is unknown (not the route): the checkout shows it under the field.
    if (!place || !estimate) throw new HttpError(404, PINCODE_MESSAGES.unknown, { pincode: PINCODE_MESSAGES.unknown });
    const body: PincodeLookupResponse = { success: true, pincode, city: place.city, state: place.state, stateCode: place.stateCode, estimate };
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.json(body);
  };
}
