// Jest global setup: the end-to-end suites run the built CLI (dist/), and the browser suites load the built
// console page (dist/console/), so a stale build would test yesterday's code. Rebuild what is older than a
// source file (or missing): the TypeScript of src/ with tsc, the console's page (src/console/ui/, bundled by
// scripts/build-console.mjs) with esbuild. A fresh build costs nothing.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const UI = path.join(root, 'src/console/ui');
const BUNDLE = path.join(root, 'dist/console/console.js');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** A source tsc compiles (src/ but the page's, which esbuild bundles) newer than its output. */
function findStaleSource() {
  for (const source of files(path.join(root, 'src'))) {
    if (!source.endsWith('.ts') || source.endsWith('.test.ts') || source.startsWith(UI + path.sep)) continue;
    const built = path
      .join(root, 'dist', path.relative(path.join(root, 'src'), source))
      .replace(/\.ts$/, '.js');
    if (!existsSync(built) || statSync(built).mtimeMs < statSync(source).mtimeMs) return source;
  }
  return undefined;
}

/** A file of the page (its TSX, CSS, tsconfig) or its build script newer than the bundle. */
function findStalePage() {
  if (!existsSync(UI)) return undefined;
  const script = path.join(root, 'scripts/build-console.mjs');
  if (!existsSync(BUNDLE)) return script;
  const built = statSync(BUNDLE).mtimeMs;
  return [script, ...files(UI)].find((file) => statSync(file).mtimeMs > built);
}

function say(stale, command) {
  process.stderr.write(`\njest: dist/ is older than ${path.relative(root, stale)}; building (${command})\n`);
}

module.exports = function buildDist() {
  const stale = findStaleSource();
  if (stale !== undefined) {
    say(stale, 'tsc -p tsconfig.build.json');
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const stalePage = findStalePage();
  if (stalePage !== undefined) {
    say(stalePage, 'node scripts/build-console.mjs');
    execFileSync(process.execPath, [path.join(root, 'scripts/build-console.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
  }
};
