import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import type { PhotoPreload } from './photo-preload.js';
import { isClientRoute } from './routes.js';

const APP_SHELL = 'app-shell.html';

/** Every .html file under the built SPA, for CSP hashing. */
export function readHtmlFiles(distDir: string): string[] {
  if (!existsSync(distDir)) return [];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry.endsWith('.html')) files.push(readFileSync(full, 'utf8'));
    }
  };
  walk(distDir);
  return files;
}

/**
 * Serves the built SPA. Hashed assets (/assets/*) never change under one name: cached for a year,
 * immutable. HTML is revalidated on every visit (`no-cache`) so a deploy is seen at once.
 * A prerendered route's own HTML (dist/<route>/index.html) is served for it; other client routes
 * get the app shell; anything else gets the shell with a 404 status. A page whose largest paint is a
 * product photo names it in a `Link: rel=preload` header (photo-preload.ts).
 */
export function spaRouter(distDir: string, preloadFor: PhotoPreload = () => undefined): Router {
  const root = path.resolve(distDir);
  const router = Router();
  router.use(
    '/assets',
    express.static(path.join(root, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      setHeaders: (res, filePath) => {
        res.setHeader('Cache-Control', filePath.endsWith('.html') ? 'no-cache' : 'public, max-age=86400');
      },
    }),
  );
  router.get(/.*/, (req, res, next) => {
    if (req.path.startsWith('/api/')) return next();
    const clean = path.posix.normalize(req.path).replace(/\/+$/, '');
    const prerendered = path.join(root, clean, 'index.html');
    res.setHeader('Cache-Control', 'no-cache');
    const preload = preloadFor(clean);
    if (preload) res.setHeader('Link', preload);
    if (prerendered.startsWith(root) && existsSync(prerendered)) {
      res.sendFile(prerendered);
      return;
    }
    const shell = path.join(root, APP_SHELL);
    if (!existsSync(shell)) {
      res.status(503).type('text').send('The shop is being built. Run `npm run build` and reload.');
      return;
    }
    res.status(isClientRoute(req.path) ? 200 : 404).sendFile(shell);
  });
  return router;
}
