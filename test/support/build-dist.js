// Jest global setup: the end-to-end suites run the built CLI (dist/), so a
// stale build would test yesterday's code. Rebuild when any source file is
// newer than its compiled output (or has none); a fresh build costs nothing.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield full;
  }
}

function findStale() {
  for (const source of sources(path.join(root, 'src'))) {
    const built = path
      .join(root, 'dist', path.relative(path.join(root, 'src'), source))
      .replace(/\.ts$/, '.js');
    if (!existsSync(built) || statSync(built).mtimeMs < statSync(source).mtimeMs) return source;
  }
  return undefined;
}

module.exports = function buildDist() {
  const stale = findStale();
  if (stale === undefined) return;
  process.stderr.write(
    `\njest: dist/ is older than ${path.relative(root, stale)}; building (npm run build)\n`,
  );
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
};
