import type { Browser, Page } from 'puppeteer-core';
import { figure, type Recorder } from './report.js';
import { median, round } from './stats.js';

/**
 * The first tap on a phone (decision 017): a shopper taps a control the moment the page draws it.
 * Phone profile (390 x 844, touch), CPU slowed through the DevTools protocol, a fresh context (empty
 * cache) per run. Times are from the navigation's start, read in the page (performance.now()).
 */

const PHONE = { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * Installed before the page's own scripts: when the first tap came, when the page's effect of it
 * showed, when the app was ready, and every event-timing entry. Plain JavaScript in a string: a
 * function from this file would carry the TypeScript runner's helpers (esbuild's `__name`), which the
 * page does not have.
 */
function pageProbe(effectSelector: string, effectText: string): string {
  return `(() => {
    const probe = { events: [] };
    window.__tapProbe = probe;
    document.addEventListener('pointerdown', () => { if (probe.tappedAt === undefined) probe.tappedAt = performance.now(); }, { capture: true });
    const timing = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.events.push({ name: entry.name, id: entry.interactionId || 0, start: entry.startTime, duration: entry.duration });
    });
    // 16 ms is the smallest threshold the browser accepts: a shorter interaction leaves no entry.
    timing.observe({ type: 'event', durationThreshold: 16, buffered: true });
    const selector = ${JSON.stringify(effectSelector)};
    const text = ${JSON.stringify(effectText)};
    const changes = new MutationObserver(() => {
      if (probe.readyAt === undefined && document.documentElement.dataset.hydrated === 'true') probe.readyAt = performance.now();
      if (probe.effectAt === undefined && [...document.querySelectorAll(selector)].some((el) => (el.textContent || '').includes(text))) probe.effectAt = performance.now();
    });
    changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // Held by the page: an observer nothing refers to may be collected before it fires.
    probe.watchers = [timing, changes];
  })();`;
}

interface Probe {
  tappedAt?: number;
  effectAt?: number;
  readyAt?: number;
  events: { name: string; id: number; start: number; duration: number }[];
}

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __tapProbe: Probe }).__tapProbe);

/** The longest event of the interaction a tap at `after` started: INP's measure of that one tap (16 when it left no entry). */
function interactionLatency(probe: Probe, after: number): number {
  const first = probe.events.find((event) => event.id > 0 && event.start >= after - 1);
  if (!first) return 16;
  return Math.max(...probe.events.filter((event) => event.id === first.id).map((event) => event.duration));
}

interface TapSpec {
  path: string;
  session?: Record<string, string>;
  /** What is tapped the moment it is visible. */
  control: string;
  /** Where the tap's effect shows, and the text that says it worked. */
  effect: { selector: string; text: string };
}

interface TapRun {
  tappedAt: number;
  effectAt: number;
  readyAt: number;
  firstTapLatency: number;
  /** A tap on the same control once the app is ready (a second page of the same visit). */
  readyTapLatency: number;
  /** A tap on static text of the ready page: the floor any interaction costs there. */
  staticTapLatency: number;
}

async function oneRun(browser: Browser, origin: string, spec: TapSpec, cpuRate: number): Promise<TapRun> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(PHONE);
    await page.emulateCPUThrottling(cpuRate);
    await page.evaluateOnNewDocument(
      (session: Record<string, string>) => {
        try {
          window.sessionStorage.setItem('royalPicklesSplashSeen', '1');
          for (const [key, value] of Object.entries(session)) if (!window.sessionStorage.getItem(key)) window.sessionStorage.setItem(key, value);
        } catch {
          // about:blank has no storage
        }
      },
      spec.session ?? {},
    );
    await page.evaluateOnNewDocument(pageProbe(spec.effect.selector, spec.effect.text));
    await page.goto(`${origin}${spec.path}`, { waitUntil: 'domcontentloaded' });
    const control = await page.waitForSelector(spec.control, { visible: true, timeout: 30_000 });
    await control!.tap();
    await page.waitForFunction(() => {
      const probe = (window as unknown as { __tapProbe: Probe }).__tapProbe;
      return probe.effectAt !== undefined && probe.readyAt !== undefined;
    }, { timeout: 30_000, polling: 50 });
    const first = await readProbe(page);

    // The same control on the ready app: the shop's INP for it. Then static text, the floor.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const beforeReady = await page.evaluate(() => performance.now());
    const again = await page.waitForSelector(spec.control, { visible: true });
    await again!.tap();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const readyTapLatency = interactionLatency(await readProbe(page), beforeReady);
    const beforeStatic = await page.evaluate(() => performance.now());
    const heading = await page.waitForSelector('h1', { visible: true });
    await heading!.tap();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const staticTapLatency = interactionLatency(await readProbe(page), beforeStatic);
    return {
      tappedAt: first.tappedAt ?? Number.NaN,
      effectAt: first.effectAt ?? Number.NaN,
      readyAt: first.readyAt ?? Number.NaN,
      firstTapLatency: interactionLatency(first, first.tappedAt ?? 0),
      readyTapLatency,
      staticTapLatency,
    };
  } finally {
    await context.close();
  }
}

const PAGES: Record<string, TapSpec> = {
  '/shop': {
    path: '/shop',
    control: 'button[aria-label="Add to Cart: Royal Chicken Pickle"]',
    effect: { selector: '[data-testid="cart-popup"]', text: 'Added Royal Chicken Pickle to cart!' },
  },
  // The checkout's form is drawn by the app (the page's skeleton has only the heading): its button works when it shows.
  '/payment': {
    path: '/payment',
    session: { royalPicklesCart: JSON.stringify({ '1': 1 }) },
    control: 'form[aria-label="Delivery details"] button[type="submit"]',
    effect: { selector: '.checkout-form', text: 'Name is required' },
  },
};

/**
 * "Time from navigation until a tap works" for /shop and /payment, and the INP of Add to Cart, at 4x
 * and full CPU speed, medians of `runs`.
 */
export async function firstTapFigures(browser: Browser, origin: string, rec: Recorder, runs: number): Promise<void> {
  const details: Record<string, TapRun[]> = {};
  for (const cpuRate of [4, 1]) {
    for (const [name, spec] of Object.entries(PAGES)) {
      const results: TapRun[] = [];
      for (let i = 0; i < runs; i++) results.push(await oneRun(browser, origin, spec, cpuRate));
      details[`${name} at ${cpuRate}x CPU`] = results;
      const m = (pick: (run: TapRun) => number) => round(median(results.map(pick)), 0);
      const note = `median of ${runs}; phone 390x844 touch, CPU ${cpuRate}x; tapped the moment it was visible`;
      const drawn = { name: 'control drawn (tapped)', value: m((r) => r.tappedAt), unit: 'ms' };
      rec.add(figure(`${name} at ${cpuRate}x CPU: navigation until the first tap works`, m((r) => r.effectAt), 'ms', drawn, 'lower', `${note}; app ready at ${m((r) => r.readyAt)} ms`));
      if (name === '/shop') {
        const floor = { name: 'a tap on static text of the ready page', value: m((r) => r.staticTapLatency), unit: 'ms' };
        rec.add(figure(`/shop at ${cpuRate}x CPU: INP of Add to Cart, tapped again once the app is ready`, m((r) => r.readyTapLatency), 'ms', floor, 'lower', `${note}; goal at 4x: <= 200 ms; 16 = no event entry (under 16 ms)`));
        rec.add(figure(`/shop at ${cpuRate}x CPU: INP of Add to Cart, the first tap`, m((r) => r.firstTapLatency), 'ms', floor, 'lower', `${note}; tapped at ${m((r) => r.tappedAt)} ms, app ready at ${m((r) => r.readyAt)} ms: a tap before it is held and done then (decision 017)`));
      }
    }
  }
  rec.detail('firstTap', details);
}
