const EARTH_RADIUS_KM = 6371;
const RADIANS = Math.PI / 180;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle (haversine) distance in kilometres: the straight line a courier's network roughly follows. */
export function distanceKm(from: LatLng, to: LatLng): number {
  const dLat = (to.lat - from.lat) * RADIANS;
  const dLng = (to.lng - from.lng) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * RADIANS) * Math.cos(to.lat * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
