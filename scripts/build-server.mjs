// `npm run build:server [-- name ...]`: one JavaScript bundle per process of scripts/processes.mjs,
// in dist/<name>/: main.mjs (and its tools), their source maps (stack traces name the TypeScript file
// and line under `node --enable-source-maps`), the files the code opens next to itself, and
// node_modules with only the packages that cannot be bundled. That folder is everything the process
// needs at run time: the container images copy it and nothing else (decision 021).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { PROCESSES } from './processes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Packages that stay real packages in dist/<name>/node_modules rather than going into the bundle:
 * msgpackr-extract loads a native addon chosen at run time (msgpackr, under BullMQ, falls back to
 * plain JavaScript without it); sharp loads libvips, a native library of its platform's package
 * (@img/sharp-linux-x64 and @img/sharp-libvips-linux-x64 here), found by name at run time.
 */
const SHIPPED_AS_PACKAGES = ['msgpackr-extract', 'sharp'];
/**
 * Optional packages a dependency reaches for only when asked (pg's native bindings, BullMQ's Valkey
 * GLIDE client): not installed here, never loaded by the shop.
 */
const NEVER_LOADED = ['pg-native', '@valkey/valkey-glide'];

/**
 * Every bundle is an ES module; CommonJS dependencies still call require() for node's built-ins and
 * read __dirname, which an ES module lacks: both are defined once at the top, for the bundle's own file.
 */
const BANNER = [
  "import { createRequire as __bundleCreateRequire } from 'node:module';",
  "import { fileURLToPath as __bundleFileURLToPath } from 'node:url';",
  'const require = __bundleCreateRequire(import.meta.url);',
  'const __filename = __bundleFileURLToPath(import.meta.url);',
  "const __dirname = __bundleFileURLToPath(new URL('.', import.meta.url));",
].join('\n');

/**
 * Files a module opens next to itself with `new URL('<relative path>', import.meta.url)` (the pincode
 * directory, the sandbox's checkout.js, pdfkit's colour profile): copied into dist/<name>/assets/ and
 * the URL pointed there, so the bundle finds them wherever it lives.
 */
function assetsNextToTheBundle(outdir) {
  const pattern = /new URL\((['"])(\.{1,2}\/[^'"]+)\1,\s*import\.meta\.url\)/g;
  return (source, file) =>
    source.replace(pattern, (match, quote, relative) => {
      const asset = path.resolve(path.dirname(file), relative);
      if (!existsSync(asset)) return match;
      const name = `assets/${path.basename(asset)}`;
      const target = path.join(outdir, name);
      if (existsSync(target) && readFileSync(target).compare(readFileSync(asset)) !== 0) throw new Error(`two different assets named ${name}: ${asset}`);
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(asset, target);
      return `new URL(${quote}./${name}${quote}, import.meta.url)`;
    });
}

/**
 * pdfkit loads its standard fonts (JavaScript modules inside the package, named through its package
 * imports: '#standard-fonts/Helvetica') with a require made by createRequire(import.meta.url), which
 * a bundler cannot follow; written as plain require() calls, esbuild bundles them. The build fails if
 * a pdfkit release loads them otherwise, rather than ship invoices without their fonts.
 */
function pdfkitFontsBundled(source, file) {
  if (!/[\\/]node_modules[\\/]pdfkit[\\/]js[\\/]pdfkit\.node\.mjs$/.test(file)) return source;
  const made = 'const require$1 = createRequire(import.meta.url);';
  const fonts = /require\$1\(('#standard-fonts\/\w+')\)/g;
  if (!source.includes(made) || !fonts.test(source)) throw new Error(`${file}: pdfkit no longer loads its fonts with "${made}" and require$1('#standard-fonts/…'); see scripts/build-server.mjs`);
  const rewritten = source.replace(made, '').replace(fonts, 'require($1)');
  if (rewritten.includes('require$1')) throw new Error(`${file}: pdfkit uses its createRequire for more than its fonts; see scripts/build-server.mjs`);
  return rewritten;
}

/** The two rewrites above, on every module that mentions import.meta.url. */
function rewritesPlugin(outdir) {
  const rewrites = [pdfkitFontsBundled, assetsNextToTheBundle(outdir)];
  return {
    name: 'pickles-rewrites',
    setup(build) {
      build.onLoad({ filter: /\.(ts|mjs|js)$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const contents = rewrites.reduce((text, rewrite) => rewrite(text, args.path), source);
        if (contents === source) return undefined;
        return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The fields of one source map segment (base64 VLQ, https://tc39.es/ecma426/#sec-mappings). */
function decodeSegment(text) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

function encodeSegment(fields) {
  let text = '';
  for (const field of fields) {
    let value = field < 0 ? (-field << 1) | 1 : field << 1;
    do {
      let digit = value & 31;
      value >>>= 5;
      if (value) digit |= 32;
      text += BASE64[digit];
    } while (value);
  }
  return text;
}

/**
 * The source map with only the shop's own sources. Node's --enable-source-maps decodes a whole map
 * when the bundle loads, and the dependencies' mappings cost about 15 MB of memory per process for
 * nothing a stack trace needs: frames in our code name the TypeScript file and line, frames in a
 * dependency keep its function name and point into the bundle. Their segments become unmapped
 * ones, so no position is ever attributed to the wrong file.
 */
export function keepOwnSources(map, isOwn = (source) => !/(^|\/)node_modules\//.test(source)) {
  const keep = map.sources.map(isOwn);
  const newIndex = [];
  const sources = [];
  map.sources.forEach((source, i) => {
    if (keep[i]) {
      newIndex[i] = sources.length;
      sources.push(source);
    }
  });
  const absolute = [0, 0, 0, 0];
  const previous = [0, 0, 0, 0];
  const lines = map.mappings.split(';').map((line) => {
    let column = 0;
    let previousColumn = 0;
    let lastWasUnmapped = true;
    const out = [];
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      column += fields[0];
      let mapped = false;
      if (fields.length >= 4) {
        for (let i = 1; i < 4; i++) absolute[i - 1] += fields[i];
        mapped = keep[absolute[0]];
      }
      if (mapped) {
        const [source, line_, column_] = [newIndex[absolute[0]], absolute[1], absolute[2]];
        out.push(encodeSegment([column - previousColumn, source - previous[0], line_ - previous[1], column_ - previous[2]]));
        [previous[0], previous[1], previous[2]] = [source, line_, column_];
        previousColumn = column;
        lastWasUnmapped = false;
      } else if (!lastWasUnmapped) {
        out.push(encodeSegment([column - previousColumn]));
        previousColumn = column;
        lastWasUnmapped = true;
      }
    }
    return out.join(',');
  });
  return { version: 3, sources, names: [], mappings: lines.join(';') };
}

/** The folder holding a package, looked up from `fromDir` the way node does (the nearest node_modules upwards). */
function packageFolder(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) return undefined;
  }
}

/**
 * Copies each package and, transitively, what it depends on into <outdir>/node_modules, at the same
 * place under node_modules as in the repository, so node resolves them there as it does here.
 */
function copyPackages(packages, outdir) {
  const copied = new Map();
  const visit = (folder) => {
    const under = folder.slice(folder.lastIndexOf(`${path.sep}node_modules${path.sep}`) + '/node_modules/'.length);
    const target = path.join(outdir, 'node_modules', under);
    if (copied.has(target)) return;
    copied.set(target, folder);
    cpSync(folder, target, { recursive: true, dereference: true, filter: (file) => !/[\\/]node_modules$/.test(file) || file === folder });
    const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    const optional = new Set(Object.keys(manifest.optionalDependencies ?? {}));
    for (const dependency of new Set([...Object.keys(manifest.dependencies ?? {}), ...optional])) {
      const found = packageFolder(dependency, folder);
      if (found) visit(found);
      else if (!optional.has(dependency)) throw new Error(`${folder} needs ${dependency}, which is not installed`);
    }
  };
  for (const { name, importer } of packages) {
    const folder = packageFolder(name, path.dirname(importer));
    if (!folder) throw new Error(`${path.relative(ROOT, importer)} imports ${name}, which is not installed`);
    visit(folder);
  }
  return [...copied.keys()].map((target) => path.relative(outdir, target));
}

const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const isBuiltin = (specifier) => specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]);

/** Bundles one process (an entry of scripts/processes.mjs) into `outdir` (dist/<name>/); returns what went in. */
export async function buildProcess(process_, outdir = path.join(ROOT, 'dist', process_.name)) {
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: process_.entry, ...(process_.tools ?? {}) },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // What a process loads only when asked (pdfkit, for the first invoice) goes into a chunk of its own,
    // read then and never before; main.mjs and the tools share the rest.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    target: 'node20',
    // Smaller source to parse and keep in memory; names stay, and the map leads back to the TypeScript.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    // A stack trace needs the lines, not the sources: they stay out of the image.
    sourcesContent: false,
    banner: { js: BANNER },
    external: [...SHIPPED_AS_PACKAGES, ...NEVER_LOADED],
    plugins: [rewritesPlugin(outdir)],
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  });
  for (const output of Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.map'))) {
    const file = path.resolve(ROOT, output);
    writeFileSync(file, JSON.stringify(keepOwnSources(JSON.parse(readFileSync(file, 'utf8')))));
  }
  const shipped = [];
  for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
    for (const imported of imports) {
      if (!imported.external || isBuiltin(imported.path) || imported.path === '<runtime>') continue;
      const name = packageName(imported.path);
      if (NEVER_LOADED.includes(name)) continue;
      if (!SHIPPED_AS_PACKAGES.includes(name)) throw new Error(`${input} imports ${imported.path}, left out of the bundle without being listed`);
      shipped.push({ name, importer: path.resolve(ROOT, input) });
    }
  }
  const packages = copyPackages(shipped, outdir);
  // The bundle is an ES module whatever the nearest package.json says; this one says so for node.
  writeFileSync(path.join(outdir, 'package.json'), `${JSON.stringify({ name: `@pickles-dist/${process_.name}`, private: true, type: 'module' }, null, 2)}\n`);
  const bytes = Object.keys(result.metafile.outputs).reduce((sum, output) => sum + statSync(path.resolve(ROOT, output)).size, 0);
  return { name: process_.name, bytes, packages };
}

/** Builds the named processes (all when none is named), a few at a time. */
export async function buildServers(names = []) {
  const unknown = names.filter((name) => !PROCESSES.some((p) => p.name === name));
  if (unknown.length) throw new Error(`no such process: ${unknown.join(', ')} (scripts/processes.mjs lists ${PROCESSES.map((p) => p.name).join(', ')})`);
  const selected = names.length ? PROCESSES.filter((p) => names.includes(p.name)) : PROCESSES;
  return Promise.all(selected.map((p) => buildProcess(p)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  try {
    const built = await buildServers(process.argv.slice(2));
    for (const { name, bytes, packages } of built) {
      console.log(`dist/${name}/  ${(bytes / 1024 / 1024).toFixed(1)} MB${packages.length ? `  + node_modules: ${packages.join(', ')}` : ''}`);
    }
    console.log(`built ${built.length} process${built.length === 1 ? '' : 'es'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
