import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { PACKAGE_ROOT } from '../../package-root';

/** Where `npm run build` writes the page: index.html, console.js, console.css. */
export const CONSOLE_PAGE_DIRECTORY = path.join(PACKAGE_ROOT, 'dist', 'console');

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rulehook console: not built</title></head>
<body><h1>The console page is not built</h1>
<p>This copy of rulehook has no <code>dist/console/index.html</code>: run <code>npm run build</code>,
then reload this page. The JSON API under <code>/console/api/</code> answers meanwhile.</p></body></html>
`;

/**
 * `/console/` serves the built page's files; `/console` redirects there (the page's relative URLs
 * need the slash). Without a built page, 503 with a page saying how to build it: checked on every
 * request, so a build made while the console runs is served at once.
 */
export function mountConsolePage(router: Router, directory = CONSOLE_PAGE_DIRECTORY): void {
  const files = express.static(directory, { index: 'index.html', redirect: false, fallthrough: true });
  router.get('/console', (req, res, next) => {
    if (req.originalUrl.split('?')[0] !== '/console') return next();
    res.redirect(301, '/console/');
  });
  router.use('/console', (req, res, next) => {
    // Only the page's own files: the directory holds the console's compiled server code too.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.slice(1).includes('/')) return next();
    if (!existsSync(path.join(directory, 'index.html'))) {
      res.status(503).type('html').set('cache-control', 'no-store').send(NOT_BUILT);
      return;
    }
    files(req, res, next);
  });
}
