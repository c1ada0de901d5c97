/**
 * Build step 3 of 3: renders the public routes to static HTML (hydrated in the browser) and writes
 * the app shell for every other client route. Reads the client build (dist/) and the SSR bundle (dist-ssr/).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PRODUCTS } from '@pickles/shared/catalogue';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, process.env.WEB_OUT_DIR ?? 'dist');
const ssrDir = path.join(webRoot, 'dist-ssr');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

interface ServerEntry {
  render(url: string): Promise<string>;
  renderSkeleton(url: string): string;
  metaFor(pathname: string): { title: string; description: string };
  PRERENDERED_PATHS: readonly string[];
  SKELETON_PATHS: readonly string[];
}

/** The page chunk of each prerendered route, preloaded so hydration does not wait on a second round trip. */
function routeSource(url: string): string {
  if (url === '/') return 'src/app/routes/landing/landing-route.tsx';
  if (url === '/shop') return 'src/app/routes/shop/shop-route.tsx';
  if (url === '/about') return 'src/app/routes/about/about-route.tsx';
  return 'src/app/routes/policies/policy-route.tsx';
}

/**
 * Prerendered pages paint before any JavaScript runs: the entry script and the route's chunks are
 * requested once the browser reports the first paint (or at once in a hidden tab, which does not paint,
 * or in a browser without paint timing). Loaded from <head>, they finished before the first paint on a
 * fast connection and hydration then ran ahead of it, and on a slow one they shared the bandwidth with
 * the page's HTML and images: either way the largest paint came later than the same HTML without
 * scripts. Not at the load event: it can come before the first paint (a page whose layout is slow), and
 * then the scripts raced the paint again. No timers (a page's clock may be paused, as tests do). Inline:
 * no extra round trip; the gateway admits it by its CSP hash. It also starts the ICU warm-up worker
 * (scripts/icu-warmup.js), so the page's first price or date costs the main thread no ICU set-up.
 */
function loadAfterFirstPaint(entry: string, preloads: string[], warmup: string): string {
  return `<script>(function(){var d=document,w=window,P=w.PerformanceObserver,started=false;function add(t,a){var e=d.createElement(t);for(var k in a)e[k]=a[k];e.crossOrigin='';d.head.appendChild(e);}function load(){if(started)return;started=true;try{if(w.Worker)new Worker(${JSON.stringify(warmup)});}catch(e){}${JSON.stringify(preloads)}.forEach(function(h){add('link',{rel:'modulepreload',href:h});});add('script',{type:'module',src:${JSON.stringify(entry)}});}if(d.visibilityState==='hidden'||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0)return load();new P(function(list,observer){observer.disconnect();load();}).observe({type:'paint',buffered:true});d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')load();});})();</script>`;
}

/**
 * Pages rendered in the browser from the session or the address, which people open directly (the
 * checkout, the owner's panel, the tracking link of an e-mail): each gets HTML of its own with its
 * skeleton (app/page-skeletons.tsx: the heading, the largest thing on the first screen, painted before
 * any script), the inline gate that shows the skeleton only when the session is the one it is drawn
 * for (none: always shown), its stylesheets, and its chunks requested after the first paint beside the
 * entry, as a prerendered page's are.
 */
const SKELETON_ROUTES: Record<string, { source: string; gate?: string }> = {
  '/payment': { source: 'src/app/routes/payment/payment-route.tsx', gate: 'payment-skeleton-gate.js' },
  '/admin': { source: 'src/app/routes/admin/admin-route.tsx', gate: 'admin-skeleton-gate.js' },
  '/track': { source: 'src/app/routes/track/track-route.tsx' },
};

function collectCss(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((imported) => collectCss(manifest, imported, seen))];
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function collectPreloads(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  const files = [chunk.file];
  for (const imported of chunk.imports ?? []) files.push(...collectPreloads(manifest, imported, seen));
  return files;
}

/** React emits resource hints (image preloads) at the start of its markup; they belong in <head>. */
function splitHints(rendered: string): { hints: string; html: string } {
  const hints = rendered.match(/^(?:<link [^>]*\/>)+/)?.[0] ?? '';
  return { hints, html: rendered.slice(hints.length) };
}

async function main(): Promise<void> {
  const template = await readFile(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryChunk = manifest['index.html'];
  const alreadyLoaded = new Set(entryChunk ? collectPreloads(manifest, 'index.html') : []);
  // Every page written here holds a tap made before its app is ready (decision 017): first in <head>,
  // so it listens from the first paint. Inline, like the gates below; the gateway admits it by its CSP hash.
  const earlyTaps = `<script>${(await readFile(path.join(webRoot, 'scripts', 'early-taps.js'), 'utf8')).trim()}</script>`;
  // Inline, so the splash decision costs no extra round trip; the gateway admits it by its CSP hash.
  const splashGate = (await readFile(path.join(webRoot, 'scripts', 'splash-gate.js'), 'utf8')).trim();
  // The stylesheet (a few KB) is inlined into prerendered pages: one render-blocking request fewer.
  const cssLink = template.match(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/);
  const inlineCss = cssLink?.[1] ? `<style>${(await readFile(path.join(dist, cssLink[1]), 'utf8')).trim()}</style>` : undefined;
  const server = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as ServerEntry;
  // The entry <script> (and any modulepreload Vite put beside it) move to loadAfterFirstPaint.
  const entryScript = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entryScript?.[1]) throw new Error('dist/index.html lacks the entry <script type="module">');
  const entryPreloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];

  if (!template.includes('<!--app-html-->') || !template.includes('<!--app-head-->')) {
    throw new Error('dist/index.html lacks the <!--app-html--> or <!--app-head--> placeholder');
  }

  /** The template with the page's head, its markup in #root (marked `rootAttribute`) and the loader. */
  // The ICU warm-up worker, under a name that changes with its content (assets are cached for a year).
  const warmupSource = await readFile(path.join(webRoot, 'scripts', 'icu-warmup.js'));
  const warmup = `/assets/icu-warmup-${createHash('sha256').update(warmupSource).digest('hex').slice(0, 8)}.js`;
  await writeFile(path.join(dist, warmup), warmupSource);

  const writePage = async (url: string, page: { html: string; head: string[]; headEnd?: string[]; rootAttribute: string; routeSource: string; htmlClass?: string }) => {
    const meta = server.metaFor(url);
    const routeChunks = collectPreloads(manifest, page.routeSource)
      .filter((file) => !alreadyLoaded.has(file))
      .map((file) => `/${file}`);
    if (routeChunks.length === 0) throw new Error(`no chunk for ${page.routeSource} in the manifest`);
    const loader = loadAfterFirstPaint(entryScript[1]!, [...entryPreloads.map((link) => link[1]!), ...routeChunks], warmup);
    let withoutEntry = template.replace(entryScript[0], '');
    for (const link of entryPreloads) withoutEntry = withoutEntry.replace(link[0], '');
    const html = (inlineCss && cssLink ? withoutEntry.replace(cssLink[0], () => inlineCss) : withoutEntry)
      .replace('<html lang="en-IN">', () => (page.htmlClass ? `<html lang="en-IN" class="${page.htmlClass}">` : '<html lang="en-IN">'))
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(meta.description)}" />`)
      .replace('<!--app-head-->', () => [earlyTaps, ...page.head].join('\n    '))
      // After the entry's stylesheet, as Vite adds a route's, so they win ties as they do there.
      .replace('</head>', () => `${(page.headEnd ?? []).map((line) => `  ${line}\n`).join('')}  </head>`)
      .replace('<div id="root"><!--app-html--></div>', () => `<div id="root" ${page.rootAttribute}>${page.html}</div>\n    ${loader}`);
    const target = url === '/' ? path.join(dist, 'index.html') : path.join(dist, url.slice(1), 'index.html');
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, html);
    console.log(`${page.rootAttribute.startsWith('data-skeleton') ? 'skeleton' : 'prerendered'} ${url} -> ${path.relative(webRoot, target)} (${html.length} bytes, ${routeChunks.length} route chunks)`);
  };

  // The shell: no route content; the gateway serves it for /login, redirects, the owner's other pages and unknown paths.
  await writeFile(path.join(dist, 'app-shell.html'), template.replace('<!--app-head-->', '').replace('<!--app-html-->', ''));
  const entryCss = new Set(collectCss(manifest, 'index.html'));
  const productIds = JSON.stringify(PRODUCTS.map((product) => product.id));
  for (const url of server.SKELETON_PATHS) {
    const route = SKELETON_ROUTES[url];
    if (!route) throw new Error(`no route source and gate for the skeleton of ${url}`);
    const gate = route.gate ? (await readFile(path.join(webRoot, 'scripts', route.gate), 'utf8')).trim().replaceAll('__PRODUCT_IDS__', productIds) : undefined;
    // The route's own stylesheets stay links (render-blocking, so the skeleton paints styled): inlined,
    // they would be downloaded again when the route's chunk loads them for client-side navigation.
    const stylesheets = collectCss(manifest, route.source)
      .filter((file) => !entryCss.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`);
    const { hints, html } = splitHints(server.renderSkeleton(url));
    // A skeleton without a gate is always the page's: shown by the HTML itself, scripts or none.
    await writePage(url, {
      html,
      head: [...(hints ? [hints] : []), ...(gate ? [`<script>${gate}</script>`] : [])],
      headEnd: stylesheets,
      rootAttribute: 'data-skeleton="true"',
      routeSource: route.source,
      htmlClass: gate ? undefined : 'skeleton-ok',
    });
  }

  for (const url of server.PRERENDERED_PATHS) {
    const { hints, html } = splitHints(await server.render(url));
    // The landing splash is decided before first paint by this tiny blocking script (see README).
    const head = [...(hints ? [hints] : []), ...(url === '/' ? [`<script>${splashGate}</script>`] : [])];
    await writePage(url, { html, head, rootAttribute: 'data-prerendered="true"', routeSource: routeSource(url) });
  }
  await rm(ssrDir, { recursive: true, force: true });
  // Only this script needs the manifest; the web server should not publish it.
  await rm(path.join(dist, '.vite'), { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
