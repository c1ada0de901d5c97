import { test, type APIRequestContext, type Browser } from '@playwright/test';
import { phonePhoto } from '@pickles/test-kit/photos';
import { prawnPickleForm } from '@pickles/test-kit/products';

/**
 * What photos cost /shop (decision 027): LCP and the bytes transferred on a first visit (empty cache),
 * at 360 px (DPR 2, the phone) and 1280 px (DPR 1), median of 3 each, for today's two products with
 * their drawings and then three products with a photo each. Printed as a table; asserts nothing.
 */
const ADMIN = { username: process.env.E2E_ADMIN_USERNAME ?? 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'pickles-admin' };

async function measure(browser: Browser, baseURL: string, width: number) {
  const runs: Array<{ lcp: number; bytes: number; images: number; lcpElement: string }> = [];
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext({ viewport: { width, height: width < 400 ? 780 : 900 }, deviceScaleFactor: width < 400 ? 2 : 1, baseURL });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.sessionStorage.setItem('royalPicklesSplashSeen', '1');
      (window as unknown as { lcp: { time: number; element: string } }).lcp = { time: 0, element: '' };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element }>) {
          (window as unknown as { lcp: { time: number; element: string } }).lcp = { time: entry.startTime, element: entry.element ? `${entry.element.tagName.toLowerCase()}${entry.element.getAttribute('src') ? ' ' + entry.element.getAttribute('src') : ''}` : '' };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/shop');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    // Scroll through the page, as a shopper does, so the lazy pictures load and count.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    await page.waitForLoadState('networkidle');
    const result = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const lcp = (window as unknown as { lcp: { time: number; element: string } }).lcp;
      return {
        lcp: lcp.time,
        lcpElement: lcp.element,
        bytes: navigation.transferSize + resources.reduce((sum, entry) => sum + entry.transferSize, 0),
        images: resources.filter((entry) => entry.initiatorType === 'img' || /\.(svg|avif|webp)$/.test(entry.name)).reduce((sum, entry) => sum + entry.transferSize, 0),
      };
    });
    runs.push(result);
    await context.close();
  }
  const median = <K extends 'lcp' | 'bytes' | 'images'>(key: K) => runs.map((run) => run[key]).sort((a, b) => a - b)[1]!;
  return { lcp: median('lcp'), bytes: median('bytes'), images: median('images'), lcpElement: runs[1]!.lcpElement };
}

async function owner(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', { data: ADMIN });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

test('/shop: two products with drawings, then three with photos', async ({ browser, request, baseURL }) => {
  const lines: string[] = ['| /shop | width | LCP (median of 3) | LCP element | transferred | of it images |', '|---|---|---|---|---|---|'];
  const row = (label: string, width: number, figures: Awaited<ReturnType<typeof measure>>) =>
    console.log(lines[lines.push(`| ${label} | ${width} | ${Math.round(figures.lcp)} ms | ${figures.lcpElement.replace(/\/api\/catalogue\/photos\/[0-9a-f]{64}/, '…photo')} | ${(figures.bytes / 1024).toFixed(1)} KB | ${(figures.images / 1024).toFixed(1)} KB |`) - 1]);
  for (const width of [360, 1280]) row('two products, drawings', width, await measure(browser, baseURL!, width));

  const headers = await owner(request);
  const created = await request.post('/api/admin/catalogue', {
    headers,
    data: prawnPickleForm(),
  });
  if (created.status() !== 201) throw new Error(`product: ${created.status()} ${await created.text()}`);
  const third = ((await created.json()) as { product: { id: number } }).product.id;
  await request.put(`/api/admin/stock/${third}`, { headers, data: { state: 'on-sale', batchJars: null, nextBatchDate: null } });
  for (const [index, id] of [1, 2, third].entries()) {
    const list = (await (await request.get('/api/admin/catalogue', { headers })).json()) as { products: Array<{ id: number; version: number }> };
    const version = list.products.find((product) => product.id === id)!.version;
    // A different 4000×3000 phone photo for each (another JPEG quality makes other bytes, so another photo).
    const photo = await phonePhoto({ width: 4000, height: 3000, quality: 86 + index });
    const uploaded = await request.post(`/api/admin/catalogue/${id}/photos?version=${version}&alt=Photo`, { headers: { ...headers, 'content-type': 'image/jpeg' }, data: photo, timeout: 120_000 });
    if (uploaded.status() !== 201) throw new Error(`upload ${id}: ${uploaded.status()} ${await uploaded.text()}`);
  }
  // The catalogue's 30 s cache (decision 024) is per browser; each measured context is new.
  for (const width of [360, 1280]) row('three products, photos', width, await measure(browser, baseURL!, width));
  console.log(lines.join('\n'));
});
