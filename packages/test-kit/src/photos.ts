import sharp from 'sharp';

/**
 * A photo as an owner's phone takes it (decision 027's tests and figures): a JPEG of a warm
 * gradient with noise (so it compresses like a real photo, not like a flat colour), carrying EXIF
 * with the camera, the GPS position of the kitchen and an orientation tag.
 */
export async function phonePhoto({ width = 4000, height = 3000, orientation = 1, quality = 88 }: { width?: number; height?: number; orientation?: number } & { quality?: number } = {}): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let seed = 42;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed >> 16) % 48;
      const i = (y * width + x) * channels;
      // A jar-like blob in the middle: darker, redder; the rest a warm gradient.
      const dx = (x - width / 2) / (width / 4);
      const dy = (y - height / 2) / (height / 3);
      const inJar = dx * dx + dy * dy < 1;
      pixels[i] = Math.min(255, (inJar ? 150 : 200 + (55 * x) / width) + noise - 24);
      pixels[i + 1] = Math.min(255, Math.max(0, (inJar ? 40 : 120 + (80 * y) / height) + noise - 24));
      pixels[i + 2] = Math.min(255, Math.max(0, (inJar ? 20 : 60) + noise - 24));
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
