/**
 * Build step 3 of 3: renders the public routes to static HTML (hydrated in the browser) and writes
 * the app shell for every other client route. Reads the client build (dist/) and the SSR bundle (dist-ssr/).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
  metaFor(pathname: string): { title: string; description: string };
  PRERENDERED_PATHS: readonly string[];
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
 * requested once the browser reports the first paint (or at the load event, or at once in a hidden
 * tab or a browser without paint timing). Loaded from <head>, they finished before the first paint
 * on a fast connection and hydration then ran ahead of it, and on a slow one they shared the
 * bandwidth with the page's images: either way the largest paint came later than the same HTML
 * without scripts. No timers (a page's clock may be paused, as tests do). Inline: no extra round
 * trip; the gateway admits it by its CSP hash.
 */
function loadAfterFirstPaint(entry: string, preloads: string[]): string {
  return `<script>(function(){var d=document,w=window,P=w.PerformanceObserver,started=false;function add(t,a){var e=d.createElement(t);for(var k in a)e[k]=a[k];e.crossOrigin='';d.head.appendChild(e);}function load(){if(started)return;started=true;${JSON.stringify(preloads)}.forEach(function(h){add('link',{rel:'modulepreload',href:h});});add('script',{type:'module',src:${JSON.stringify(entry)}});}if(d.visibilityState==='hidden'||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0)return load();new P(function(list,observer){observer.disconnect();load();}).observe({type:'paint',buffered:true});w.addEventListener('load',load);})();</script>`;
}

/**
 * Pages rendered in the browser that people open directly (the checkout, the owner's panel): each
 * gets its own copy of the app shell that requests its chunks and stylesheets beside the entry,
 * instead of after the entry has downloaded and run.
 */
const SHELL_ROUTES: Record<string, string> = {
  '/payment': 'src/app/routes/payment/payment-route.tsx',
  '/admin': 'src/app/routes/admin/admin-route.tsx',
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

async function main(): Promise<void> {
  const template = await readFile(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryChunk = manifest['index.html'];
  const alreadyLoaded = new Set(entryChunk ? collectPreloads(manifest, 'index.html') : []);
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

  // The shell: no route content; the gateway serves it for /payment, /admin, /login, redirects and unknown paths.
  await writeFile(path.join(dist, 'app-shell.html'), template.replace('<!--app-head-->', '').replace('<!--app-html-->', ''));
  const entryCss = new Set(collectCss(manifest, 'index.html'));
  for (const [url, source] of Object.entries(SHELL_ROUTES)) {
    const chunks = collectPreloads(manifest, source).filter((file) => !alreadyLoaded.has(file));
    if (chunks.length === 0) throw new Error(`no chunk for ${source} in the manifest`);
    const head = [
      ...collectCss(manifest, source)
        .filter((file) => !entryCss.has(file))
        .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
      ...chunks.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    ].join('\n    ');
    const target = path.join(dist, url.slice(1), 'index.html');
    await mkdir(path.dirname(target), { recursive: true });
    // At the end of <head>: after the entry's stylesheet, as Vite would add them, so they win ties as they do there.
    await writeFile(target, template.replace('<!--app-head-->', '').replace('</head>', () => `  ${head}\n  </head>`).replace('<!--app-html-->', ''));
    console.log(`app shell for ${url} -> ${path.relative(webRoot, target)} (preloads ${chunks.length} chunks)`);
  }

  for (const url of server.PRERENDERED_PATHS) {
    const rendered = await server.render(url);
    // React emits resource hints (image preloads) at the start of the markup; they belong in <head>.
    const hints = rendered.match(/^(?:<link [^>]*\/>)+/)?.[0] ?? '';
    const html = rendered.slice(hints.length);
    const meta = server.metaFor(url);
    const routeChunks = collectPreloads(manifest, routeSource(url))
      .filter((file) => !alreadyLoaded.has(file))
      .map((file) => `/${file}`);
    const loader = loadAfterFirstPaint(entryScript[1], [...entryPreloads.map((link) => link[1]!), ...routeChunks]);
    // The landing splash is decided before first paint by this tiny blocking script (see README).
    const head = [...(hints ? [hints] : []), ...(url === '/' ? [`<script>${splashGate}</script>`] : [])].join('\n    ');
    let withoutEntry = template.replace(entryScript[0], '');
    for (const link of entryPreloads) withoutEntry = withoutEntry.replace(link[0], '');
    const page = (inlineCss && cssLink ? withoutEntry.replace(cssLink[0], () => inlineCss) : withoutEntry)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(meta.description)}" />`)
      .replace('<!--app-head-->', () => head)
      .replace('<div id="root"><!--app-html--></div>', () => `<div id="root" data-prerendered="true">${html}</div>\n    ${loader}`);
    const target = url === '/' ? path.join(dist, 'index.html') : path.join(dist, url.slice(1), 'index.html');
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, page);
    console.log(`prerendered ${url} -> ${path.relative(webRoot, target)} (${page.length} bytes)`);
  }
  await rm(ssrDir, { recursive: true, force: true });
  // Only this script needs the manifest; the web server should not publish it.
  await rm(path.join(dist, '.vite'), { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
