/**
 * CRC-32 (the zip one: reflected polynomial 0xEDB88320), which every zip entry carries. fflate keeps
 * its own private; the xlsx writer needs it in two pieces because a sheet's head (its column widths)
 * is only known after its rows, yet comes first in the file: crc32Combine joins the CRC of the head
 * to that of the rows without going over the rows again.
 */
const POLYNOMIAL = 0xedb88320;

const TABLE = new Int32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? POLYNOMIAL ^ (c >>> 1) : c >>> 1;
  TABLE[n] = c;
}

/** The CRC-32 of `previous`'s data followed by `data` (start from 0). */
export function crc32(data: Uint8Array, previous = 0): number {
  let c = ~previous;
  for (let i = 0; i < data.length; i++) c = TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** a(x) * b(x) modulo the CRC polynomial, in CRC-32's reflected bit order. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let m = 0x80000000; m !== 0; m >>>= 1) {
    if (a & m) product ^= b;
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(8 * bytes) modulo the polynomial: what `bytes` bytes of zeros do to a CRC. */
function shiftForBytes(bytes: number): number {
  let result = 0x80000000; // x^0
  let square = 0x00800000; // x^8: one byte
  for (let n = bytes; n > 0; n = Math.floor(n / 2)) {
    if (n % 2) result = multiplyModP(square, result);
    square = multiplyModP(square, square);
  }
  return result;
}

/** The CRC-32 of A followed by B, from crc32(A), crc32(B) and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(shiftForBytes(lengthB), crcA) ^ crcB) >>> 0;
}
