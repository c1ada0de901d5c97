/**
 * The packed parcel of an order, for the courier's booking (it prices and sorts by it). A jar in its
 * box weighs 350 g (docs/product.md); the carton adds 150 g. Three boxes stand in a 20 x 15 x 10 cm
 * carton, each further three add a layer of 10 cm.
 */
export const JAR_BOX_WEIGHT_KG = 0.35;
const CARTON_WEIGHT_KG = 0.15;

export function parcelOf(units: number): { lengthCm: number; breadthCm: number; heightCm: number; weightKg: number } {
  const jars = Math.max(1, units);
  return {
    lengthCm: 20,
    breadthCm: 15,
    heightCm: 10 * Math.ceil(jars / 3),
    weightKg: Math.round((jars * JAR_BOX_WEIGHT_KG + CARTON_WEIGHT_KG) * 100) / 100,
  };
}

/** When a pending booking is tried again: 30 s, 1, 2, 4 ... minutes after each failure, at most 30 minutes. */
export function bookingRetryDelayMs(attempts: number): number {
  return Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}
