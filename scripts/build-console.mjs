// Builds the console's page: src/console/ui/main.tsx (preact, CodeMirror 6) bundled and minified by esbuild
// into dist/console/console.js, its CSS into dist/console/console.css, and dist/console/index.html. Everything
// the page needs is in those three files: no CDN, no network at run time. Run by `npm run build` and
// `build:emit` after tsc, and by jest's global setup when a UI source is newer than the bundle.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist/console');

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>rulehook console</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="console.css" />
  </head>
  <body>
    <div id="console"></div>
    <script src="console.js"></script>
  </body>
</html>
`;

mkdirSync(outdir, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: { console: 'src/console/ui/main.tsx' },
  outdir,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  platform: 'browser',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  tsconfig: 'src/console/ui/tsconfig.json',
  legalComments: 'linked',
  logLevel: 'warning',
});
writeFileSync(path.join(outdir, 'index.html'), INDEX_HTML);
