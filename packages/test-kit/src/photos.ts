import sharp from 'sharp';

/**
 * A photo as an owner's phone takes it (decision 027's tests and figures): a JPEG of a warm
 * gradient with detail at several scales (so it compresses like a real photo, not like a flat colour), carrying EXIF
 * with the camera, the GPS position of the kitchen and an orientation tag.
 */
export async function phonePhoto({ width = 4000, height = 3000, orientation = 1, quality = 88 }: { width?: number; height?: number; orientation?: number } & { quality?: number } = {}): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  // Detail at several scales (a pixel's grain, a spice's 8 px, a piece's 32 px), so it shrinks and
  // compresses like a photo of food rather than a flat colour: hash noise per cell, summed.
  const hash = (x: number, y: number, salt: number) => {
    let h = (x * 374761393 + y * 668265263 + salt * 2147483647) | 0;
    h = Math.imul(h ^ (h >>> 13), 1274126177);
    return ((h ^ (h >>> 16)) & 0xff) / 255;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grain = hash(x, y, 1) * 24 - 12;
      const detail = (hash(x >> 3, y >> 3, 2) - 0.5) * 60 + (hash(x >> 5, y >> 5, 3) - 0.5) * 70;
      const i = (y * width + x) * channels;
      // A jar-like blob in the middle: darker, redder; the rest a warm gradient.
      const dx = (x - width / 2) / (width / 4);
      const dy = (y - height / 2) / (height / 3);
      const inJar = dx * dx + dy * dy < 1;
      const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
      pixels[i] = clamp((inJar ? 150 : 200 + (55 * x) / width) + grain + detail);
      pixels[i + 1] = clamp((inJar ? 60 : 120 + (80 * y) / height) + grain + detail * 0.8);
      pixels[i + 2] = clamp((inJar ? 25 : 60) + grain + detail * 0.5);
    }
  }
  return sharp(pixels, { raw: { width, height, channels } })
    .jpeg({ quality })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Kitchen Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 50/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '80/1 56/1 0/1' },
    })
    .withMetadata({ orientation })
    .toBuffer();
}
