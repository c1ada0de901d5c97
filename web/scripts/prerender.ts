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

  if (!template.includes('<!--app-html-->') || !template.includes('<!--app-head-->')) {
    throw new Error('dist/index.html lacks the <!--app-html--> or <!--app-head--> placeholder');
  }

  // The shell: no route content; the gateway serves it for /payment, /admin, /login, redirects and unknown paths.
  await writeFile(path.join(dist, 'app-shell.html'), template.replace('<!--app-head-->', '').replace('<!--app-html-->', ''));

  for (const url of server.PRERENDERED_PATHS) {
    const rendered = await server.render(url);
    // React emits resource hints (image preloads) at the start of the markup; they belong in <head>.
    const hints = rendered.match(/^(?:<link [^>]*\/>)+/)?.[0] ?? '';
    const html = rendered.slice(hints.length);
    const meta = server.metaFor(url);
    const preloads = collectPreloads(manifest, routeSource(url))
      .filter((file) => !alreadyLoaded.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
    // The landing splash is decided before first paint by this tiny blocking script (see README).
    const head = [...preloads, ...(hints ? [hints] : []), ...(url === '/' ? [`<script>${splashGate}</script>`] : [])].join('\n    ');
    const page = (inlineCss && cssLink ? template.replace(cssLink[0], () => inlineCss) : template)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(meta.description)}" />`)
      .replace('<!--app-head-->', () => head)
      .replace('<div id="root"><!--app-html--></div>', () => `<div id="root" data-prerendered="true">${html}</div>`);
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
