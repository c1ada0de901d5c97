import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { phonePhoto } from '@pickles/test-kit/photos';
import { PHOTO_MESSAGES } from '@pickles/shared/product-photos';
import { call, startAsOwner, type Harness } from './helpers.js';

/**
 * Product photos (decision 027): the owner uploads a phone's JPEG to a product; it is decoded,
 * turned upright, stripped of its EXIF (the GPS position) and kept as AVIF and WebP at each width;
 * an iPhone's HEIC is decoded the same way; anything that is not a photo or too large is refused with
 * a sentence and changes nothing.
 * This file changes products, so it has a database of its own.
 */
let h: Harness;
let token: string;
beforeAll(async () => ({ h, token } = await startAsOwner({ ownDatabase: true })));
afterAll(() => h?.close());

async function upload(productId: number, version: number, bytes: Buffer, { type = 'image/jpeg', alt = '', headers = {} as Record<string, string> } = {}) {
  const response = await fetch(`${h.app.url}/api/admin/catalogue/${productId}/photos?version=${version}&alt=${encodeURIComponent(alt)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type, ...headers },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as any };
}
const versionOf = async (id: number) => (await h.db.selectFrom('products').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
const variants = (photoId: string) => h.db.selectFrom('photo_variants').select(['width', 'format', 'pixel_width', 'pixel_height', 'data']).where('photo_id', '=', photoId).orderBy('width').orderBy('format').execute();
/** Stored variants as [width, format, pixel width, pixel height], in the order `variants` reads them. */
const sizesOf = (stored: Awaited<ReturnType<typeof variants>>) => stored.map((variant) => [variant.width, variant.format, variant.pixel_width, variant.pixel_height]);
/** What an upright photo is kept as at each of these [width, height]: an AVIF, then a WebP. */
const bothFormatsAt = (sizes: [number, number][]) => sizes.flatMap(([width, height]) => ['avif', 'webp'].map((format) => [width, format, width, height]));

describe('POST /api/admin/catalogue/{id}/photos', () => {
  let portrait: Buffer;
  beforeAll(async () => {
    // Taken holding the phone upright: stored 1600×1200 with EXIF orientation 6 (turn 90° clockwise).
    portrait = await phonePhoto({ width: 1600, height: 1200, orientation: 6 });
  });

  it('keeps an upright, metadata-free AVIF and WebP at each width up to the photo’s, and answers the product with its photo', async () => {
    const version = await versionOf(1);
    const response = await upload(1, version, portrait, { alt: 'A jar of chicken pickle on a brass plate' });
    expect(response.status).toBe(201);
    const photo = response.body.product.photos[0];
    expect(response.body.product).toMatchObject({ id: 1, version: version + 1 });
    expect(photo).toEqual({ id: expect.stringMatching(/^[0-9a-f]{64}$/), alt: 'A jar of chicken pickle on a brass plate', width: 960, height: 1280 });

    const stored = await variants(photo.id);
    // Upright 1200 px wide: 320, 640 and 960; no 1280 (never enlarged).
    expect(sizesOf(stored)).toEqual(bothFormatsAt([[320, 427], [640, 853], [960, 1280]]));
    for (const variant of stored) {
      const metadata = await sharp(variant.data).metadata();
      expect(metadata.format).toBe(variant.format === 'avif' ? 'heif' : 'webp');
      expect({ exif: metadata.exif, xmp: metadata.xmp, iptc: metadata.iptc, orientation: metadata.orientation }).toEqual({ exif: undefined, xmp: undefined, iptc: undefined, orientation: undefined });
      expect(variant.data.includes('TestPhone')).toBe(false);
    }
    // The original is not kept, only what it was.
    expect(await h.db.selectFrom('photos').select(['original_bytes', 'original_type', 'width', 'height']).where('id', '=', photo.id).executeTakeFirst()).toEqual({ original_bytes: portrait.length, original_type: 'image/jpeg', width: 960, height: 1280 });
    // The change log names the photo.
    const changes = await call(h.app, 'GET', '/api/admin/catalogue/1/changes', { token });
    expect(changes.body.changes[0]).toMatchObject({ version: version + 1, before: { photos: [] }, after: { photos: [photo] } });
  });

  it("takes an iPhone's HEIC: decoded (the prebuilt libvips has no HEVC), kept as AVIF and WebP like any photo", async () => {
    const version = await versionOf(2);
    // 1000×750, made with libheif's heif-enc (x265) from a test-kit phone photo.
    const heic = readFileSync(new URL('./fixtures/iphone-1000x750.heic', import.meta.url));
    const response = await upload(2, version, heic, { type: 'image/heic', alt: 'A jar of kofta pickle' });
    expect(response.status).toBe(201);
    const photo = response.body.product.photos.at(-1);
    // Its size is its largest variant's: 960 px, as a 1000 px photo is never enlarged to 1280.
    expect(photo).toEqual({ id: expect.stringMatching(/^[0-9a-f]{64}$/), alt: 'A jar of kofta pickle', width: 960, height: 720 });
    const stored = await variants(photo.id);
    expect(sizesOf(stored)).toEqual(bothFormatsAt([[320, 240], [640, 480], [960, 720]]));
    for (const variant of stored) {
      const metadata = await sharp(variant.data).metadata();
      // Three channels: the decoder's opaque alpha is not carried into the photos shoppers are sent.
      expect({ format: metadata.format, channels: metadata.channels, exif: metadata.exif }).toEqual({ format: variant.format === 'avif' ? 'heif' : 'webp', channels: 3, exif: undefined });
    }
    // The pixels are the photo's, not a blank: the jar's red is in the middle, the warm ground at the edge.
    const { data } = await sharp(stored[2]!.data).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 640 + x) * 3, (y * 640 + x) * 3 + 3)];
    expect(at(320, 240)[0]!).toBeGreaterThan(at(320, 240)[2]! + 60);
    expect(await h.db.selectFrom('photos').select(['original_type', 'width', 'height']).where('id', '=', photo.id).executeTakeFirst()).toEqual({ original_type: 'image/heic', width: 960, height: 720 });
  });

  it('refuses what is not a photo (a broken HEIC among them), a stale version, an unknown product and a second copy, and changes nothing', async () => {
    const version = await versionOf(1);
    const photosBefore = await h.db.selectFrom('photos').select('id').execute();

    const text = await upload(1, version, Buffer.from('Grandmother’s recipe, not a photo\n'), { type: 'image/jpeg' });
    expect(text).toEqual({ status: 415, body: { success: false, error: PHOTO_MESSAGES.notAnImage } });
    const svg = await upload(1, version, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"/>'), { type: 'image/png' });
    expect(svg).toEqual({ status: 415, body: { success: false, error: PHOTO_MESSAGES.notAnImage } });
    // A file that says it is an iPhone's HEIC (an ISO-BMFF box of brand "heic") but holds no picture.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), Buffer.alloc(64)]);
    expect(await upload(1, version, heic, { type: 'image/heic' })).toEqual({ status: 415, body: { success: false, error: PHOTO_MESSAGES.notAnImage } });
    expect(await upload(1, version, portrait, { type: 'text/plain' })).toEqual({ status: 415, body: { success: false, error: PHOTO_MESSAGES.notAnImage } });
    const tiny = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#a33' } }).jpeg().toBuffer();
    expect(await upload(1, version, tiny)).toEqual({ status: 400, body: { success: false, error: PHOTO_MESSAGES.tooSmall } });

    expect((await upload(1, version - 1, portrait)).status).toBe(409);
    expect(await upload(999, 1, portrait)).toEqual({ status: 404, body: { success: false, error: 'No product with that id' } });
    expect(await upload(1, version, portrait)).toEqual({ status: 409, body: { success: false, error: PHOTO_MESSAGES.duplicate } });
    const noToken = await fetch(`${h.app.url}/api/admin/catalogue/1/photos?version=${version}`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: portrait });
    expect(noToken.status).toBe(401);

    expect(await versionOf(1)).toBe(version);
    expect(await h.db.selectFrom('photos').select('id').execute()).toEqual(photosBefore);
  });

  it('refuses a photo over 10 MB with the limit in the message, announced or not', async () => {
    const version = await versionOf(1);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0xff);
    expect(await upload(1, version, big)).toEqual({ status: 413, body: { success: false, error: PHOTO_MESSAGES.tooLarge } });
    expect(PHOTO_MESSAGES.tooLarge).toContain('10 MB');
    // Sent in chunks without a Content-Length: refused once the bytes pass the limit.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 11; i++) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const streamed = await fetch(`${h.app.url}/api/admin/catalogue/1/photos?version=${version}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' }, body: chunks, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ success: false, error: PHOTO_MESSAGES.tooLarge });
    expect(await versionOf(1)).toBe(version);
  });

  it('orders the photos (the first is the main one) and deletes one, dropping its variants when no product shows it', async () => {
    let version = await versionOf(1);
    const second = await upload(1, version, await phonePhoto({ width: 800, height: 800 }), { type: 'image/jpeg', alt: 'The label' });
    expect(second.status).toBe(201);
    const [first, added] = second.body.product.photos as Array<{ id: string; width: number }>;
    expect(added).toMatchObject({ alt: 'The label', width: 640, height: 640 });
    version = second.body.product.version;

    const stale = await call(h.app, 'PUT', '/api/admin/catalogue/1/photos/order', { token, body: { version: version - 1, photoIds: [added!.id, first!.id] } });
    expect(stale.status).toBe(409);
    const missing = await call(h.app, 'PUT', '/api/admin/catalogue/1/photos/order', { token, body: { version, photoIds: [added!.id] } });
    expect(missing).toMatchObject({ status: 409, body: { success: false, error: PHOTO_MESSAGES.orderMismatch } });
    const reordered = await call(h.app, 'PUT', '/api/admin/catalogue/1/photos/order', { token, body: { version, photoIds: [added!.id, first!.id] } });
    expect(reordered.status).toBe(200);
    expect(reordered.body.product.photos.map((photo: { id: string }) => photo.id)).toEqual([added!.id, first!.id]);
    version = reordered.body.product.version;

    const deleted = await call(h.app, 'DELETE', `/api/admin/catalogue/1/photos/${added!.id}?version=${version}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.product.photos.map((photo: { id: string }) => photo.id)).toEqual([first!.id]);
    expect(await variants(added!.id)).toEqual([]);
    expect(await h.db.selectFrom('photos').select('id').where('id', '=', added!.id).execute()).toEqual([]);
    const again = await call(h.app, 'DELETE', `/api/admin/catalogue/1/photos/${added!.id}?version=${deleted.body.product.version}`, { token });
    expect(again).toMatchObject({ status: 404, body: { success: false, error: PHOTO_MESSAGES.unknownPhoto } });
  });
});
