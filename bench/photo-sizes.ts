/**
 * What one product photo costs (decision 027): a 4000×3000 phone JPEG (test-kit's noise and
 * gradient, quality 88, with EXIF and GPS) through admin-orders' own processing, the bytes of each
 * variant and the time it took on this machine.
 *   npx tsx bench/photo-sizes.ts
 */
import { phonePhoto } from '@pickles/test-kit/photos';
import { processPhoto } from '../services/admin-orders/src/domain/photo-processing.js';

const original = await phonePhoto({ width: 4000, height: 3000 });
const started = performance.now();
const result = await processPhoto(original);
const took = performance.now() - started;
if (!result.ok) throw new Error(`not processed: ${result.reason}`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`original: 4000×3000 JPEG, ${kb(original.length)}; processed in ${(took / 1000).toFixed(1)} s on one libvips thread`);
console.log('| width | AVIF | WebP |');
console.log('|---|---|---|');
for (const width of [320, 640, 960, 1280]) {
  const of = (format: string) => result.variants.find((variant) => variant.width === width && variant.format === format)!;
  console.log(`| ${width} × ${of('avif').pixelHeight} | ${kb(of('avif').data.length)} | ${kb(of('webp').data.length)} |`);
}
const total = result.variants.reduce((sum, variant) => sum + variant.data.length, 0);
console.log(`all eight variants: ${kb(total)} in PostgreSQL`);
