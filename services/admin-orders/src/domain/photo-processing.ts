import { createHash } from 'node:crypto';
import decodeHeic from 'heic-decode';
import sharp, { type Metadata, type OutputInfo, type SharpOptions } from 'sharp';
import { PHOTO_FORMATS, PHOTO_WIDTHS, type PhotoFormat, type PhotoWidth } from '@pickles/shared/product-photos';

/**
 * Turns the owner's upload into the photos shoppers are sent (decision 027): decoded to prove it is
 * an image (its Content-Type proves nothing), turned upright by its EXIF orientation, every piece of
 * metadata dropped (EXIF with the GPS position, XMP, IPTC, the camera's ICC profile: the pixels are
 * converted to sRGB first), and encoded as AVIF and WebP at each standard width up to the original's.
 *
 * It is the CPU-heavy part of an upload (about a second of one core for a 12-megapixel photo), so:
 * libvips works on one thread, and uploads are processed one at a time (`processPhoto` queues
 * them): an owner's upload takes at most one of the machine's cores from checkout. It runs before
 * anything is written, never inside a transaction.
 */
sharp.concurrency(1);

/** Larger than any phone's photo (a 200-megapixel sensor); a "decompression bomb" is refused before it is decoded. */
const MAX_INPUT_PIXELS = 200_000_000;
/** AVIF at quality 50 and WebP at 75 look alike to the eye and about 30 % apart in bytes (decision 027's figures). */
const AVIF_OPTIONS = { quality: 50, effort: 3 } as const;
const WEBP_OPTIONS = { quality: 75, effort: 4 } as const;
/** The smallest photo accepted: its narrowest variant needs this many pixels across. */
export const MIN_PHOTO_WIDTH = PHOTO_WIDTHS[0];

export interface PhotoVariant {
  width: PhotoWidth;
  format: PhotoFormat;
  pixelWidth: number;
  pixelHeight: number;
  data: Buffer;
}

export type ProcessedPhoto =
  | { ok: true; width: number; height: number; variants: PhotoVariant[] }
  | { ok: false; reason: 'not-an-image' | 'too-small' };

/** The photo's id: the hex SHA-256 of the original's bytes, so the same upload is the same photo and its URLs never change. */
export function photoIdOf(original: Buffer): string {
  return createHash('sha256').update(original).digest('hex');
}

/** HEIF files whose pictures are HEVC (an iPhone's HEIC), by the brand of their ftyp box. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
export function isHeic(original: Buffer): boolean {
  return original.length >= 12 && original.toString('latin1', 4, 8) === 'ftyp' && HEVC_BRANDS.has(original.toString('latin1', 8, 12));
}

/** The formats accepted once decoded; anything else libvips can read (GIF, TIFF, SVG, PDF...) is refused as not a photo. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/**
 * What sharp reads: the upload itself, or for an iPhone's HEIC its pixels. The prebuilt libvips
 * decodes AVIF but not HEVC (patents), so HEIC is decoded by libheif built to WebAssembly
 * (heic-decode), upright as the file says, into RGBA pixels that carry no metadata at all.
 */
async function readable(original: Buffer): Promise<{ input: Buffer; options: SharpOptions; decoded: boolean } | undefined> {
  if (!isHeic(original)) return { input: original, options: { limitInputPixels: MAX_INPUT_PIXELS }, decoded: false };
  try {
    const { width, height, data } = await decodeHeic({ buffer: original });
    if (width * height > MAX_INPUT_PIXELS) return undefined;
    return { input: Buffer.from(data.buffer, data.byteOffset, data.byteLength), options: { raw: { width, height, channels: 4 } }, decoded: true };
  } catch {
    return undefined;
  }
}

async function encode(original: Buffer): Promise<ProcessedPhoto> {
  const source = await readable(original);
  if (!source) return { ok: false, reason: 'not-an-image' };
  let metadata: Metadata;
  try {
    metadata = await sharp(source.input, source.options).metadata();
  } catch {
    return { ok: false, reason: 'not-an-image' };
  }
  if (!source.decoded && !ACCEPTED_FORMATS.has(metadata.format ?? '')) return { ok: false, reason: 'not-an-image' };
  // A HEIF that is not an iPhone's HEIC by its brand but holds HEVC pictures all the same.
  if (metadata.format === 'heif' && metadata.compression !== 'av1') return { ok: false, reason: 'not-an-image' };
  const upright = (metadata.orientation ?? 1) >= 5 ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
  if (!upright.width || !upright.height) return { ok: false, reason: 'not-an-image' };
  if (upright.width < MIN_PHOTO_WIDTH || upright.height < MIN_PHOTO_WIDTH) return { ok: false, reason: 'too-small' };

  // Decoded once (a JPEG shrinks while it loads), upright, in sRGB, at the largest width kept; the
  // smaller widths are made from these pixels. Raw pixels carry no metadata at all.
  let base: { data: Buffer; info: OutputInfo };
  try {
    const decoded = sharp(source.input, { ...source.options, failOn: 'error' });
    // A HEIC's pixels come with an alpha channel that is opaque everywhere: dropped, as a JPEG has none.
    base = await (source.decoded ? decoded.removeAlpha() : decoded)
      .rotate()
      .resize({ width: PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1], withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, reason: 'not-an-image' };
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels };
  const variants: PhotoVariant[] = [];
  for (const width of PHOTO_WIDTHS.filter((w) => w <= upright.width!)) {
    for (const format of PHOTO_FORMATS) {
      const pipeline = sharp(base.data, { raw }).resize({ width, withoutEnlargement: true });
      const { data, info } = await (format === 'avif' ? pipeline.avif(AVIF_OPTIONS) : pipeline.webp(WEBP_OPTIONS)).toBuffer({ resolveWithObject: true });
      variants.push({ width, format, pixelWidth: info.width, pixelHeight: info.height, data });
    }
  }
  const largest = variants[variants.length - 1]!;
  return { ok: true, width: largest.pixelWidth, height: largest.pixelHeight, variants };
}

/** Uploads waiting for the one processing slot; more than this are answered "busy" instead of queued. */
const MAX_WAITING = 4;
let running: Promise<unknown> = Promise.resolve();
let waiting = 0;

export class PhotoQueueFullError extends Error {}

/** Processes a photo when the one before it is done (one at a time, see above). */
export function processPhoto(original: Buffer): Promise<ProcessedPhoto> {
  if (waiting >= MAX_WAITING) return Promise.reject(new PhotoQueueFullError('busy'));
  waiting++;
  const job = running.then(
    () => encode(original),
    () => encode(original),
  );
  running = job.catch(() => undefined).finally(() => waiting--);
  return job;
}
