import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startConsoleProcess } from '../support/console-process';

/**
 * rulehook as a rules repository uses it: the tarball `npm pack` makes, installed as a dependency (the npm
 * registry serves its dependencies), runs with no build step. Slow: a pack and an install.
 */
const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);

/** This process's environment without what npm sets for the script running jest (its package, its prefix). */
const ENV = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => !/^(npm_package_|npm_lifecycle_|npm_config_local_prefix$)/i.test(key),
  ),
);

async function sh(command: string, args: string[], cwd: string) {
  try {
    return await run(command, args, { cwd, env: ENV, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

describe('npm pack, installed as a dependency', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'rulehook-pack-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('installs, and init, validate --strict and test pass in the project, the $schema paths resolving', async () => {
    const packs = path.join(work, 'packs');
    await mkdir(packs);
    // The tarball of the dist/ jest's global setup built (test/support/build-dist.js) before any suite ran:
    // prepack's build here would rewrite dist/ under the suites running beside this one, whose servers load
    // it. That a pack made by hand is built first is prepack's job, checked here.
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    // From a clean dist/: a file left there by an earlier build of a since-removed module is not shipped.
    expect(manifest.scripts.prepack).toBe('npm run clean && npm run build');
    await sh('npm', ['pack', '--ignore-scripts', '--pack-destination', packs], ROOT);
    const [tarball] = (await readdir(packs)).filter((name) => name.endsWith('.tgz'));
    expect(tarball).toMatch(/^rulehook-\d+\.\d+\.\d+.*\.tgz$/);

    const project = path.join(work, 'rules-repository');
    await mkdir(project);
    // The install-script policy of the example rules repository (docs/install.md): npm 11 then installs quietly.
    const example = JSON.parse(
      await readFile(path.join(ROOT, 'examples/rules-repository/package.json'), 'utf8'),
    ) as { allowScripts: Record<string, boolean> };
    await writeFile(
      path.join(project, 'package.json'),
      JSON.stringify({
        name: 'contact-center-rules',
        version: '1.0.0',
        private: true,
        allowScripts: example.allowScripts,
      }),
    );
    const install = await sh(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(packs, tarball!)],
      project,
    );
    expect(install.stderr).not.toMatch(/install.scripts/i);
    const installed = path.join(project, 'node_modules', 'rulehook');
    // Shipped built, with the sources its source maps point at (no tests), and no build state.
    expect(existsSync(path.join(installed, 'dist', 'cli', 'main.js'))).toBe(true);
    expect(existsSync(path.join(installed, 'dist', '.tsbuildinfo'))).toBe(false);
    expect(await listMapSourcesMissing(installed)).toEqual([]);
    expect(existsSync(path.join(installed, 'src', 'cli', 'main.ts'))).toBe(true);
    expect(await listFiles(path.join(installed, 'src'), (name) => name.endsWith('.test.ts'))).toEqual([]);
    // The console's page is in the package, built: it serves offline, with no build step.
    for (const file of ['index.html', 'console.js', 'console.css'])
      expect(existsSync(path.join(installed, 'dist', 'console', file))).toBe(true);

    const init = await sh('npx', ['rulehook', 'init', 'rules'], project);
    expect(init.stdout).toContain('npx rulehook validate --strict rules');
    const validate = await sh('npx', ['rulehook', 'validate', '--strict', 'rules'], project);
    expect(validate.stdout).toBe('0 errors, 0 warnings in 3 files\n');
    const test = await sh('npx', ['rulehook', 'test', 'rules'], project);
    expect(test.stdout).toMatch(/\n7 passed, 0 failed\n$/);
    // Inside the pack, as its README says: npx finds the project's rulehook, test finds the pack.
    const inside = await sh('npx', ['rulehook', 'test'], path.join(project, 'rules'));
    expect(inside.stdout).toMatch(/\n7 passed, 0 failed\n$/);
    const validateInside = await sh('npx', ['rulehook', 'validate', '--strict'], path.join(project, 'rules'));
    expect(validateInside.stdout).toBe('0 errors, 0 warnings in 3 files\n');
    expect(validateInside.stderr).toBe(
      'rulehook validate: checking the rule pack in the current directory (.)\n',
    );

    const served = await startConsoleProcess(
      path.join(project, 'rules'),
      [],
      15_000,
      path.join(installed, 'dist', 'cli', 'main.js'),
    );
    try {
      const page = await fetch(served.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('console.js');
      const script = await fetch(new URL('console.js', served.url));
      expect(script.status).toBe(200);
      expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    } finally {
      await served.stop();
    }

    for (const [file, schema] of [
      ['starter.yaml', 'rules.schema.json'],
      ['starter.test.yaml', 'scenario.schema.json'],
      ['catalog.yaml', 'catalog.schema.json'],
    ] as const) {
      const first = (await readFile(path.join(project, 'rules', file), 'utf8')).split('\n')[0];
      expect(first).toBe(`# yaml-language-server: $schema=../node_modules/rulehook/schema/${schema}`);
      expect(existsSync(path.join(project, 'node_modules', 'rulehook', 'schema', schema))).toBe(true);
    }
  }, 600_000);
});

/** Files under `dir` whose name passes `wanted`, relative to `dir`. */
async function listFiles(dir: string, wanted: (name: string) => boolean): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && wanted(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Every source of a source map of the package that is not a file inside the package (none: they resolve). */
async function listMapSourcesMissing(installed: string): Promise<string[]> {
  const maps = (await listFiles(installed, (name) => name.endsWith('.map'))).filter(
    (map) => !map.split(path.sep).includes('node_modules'),
  );
  expect(maps.length).toBeGreaterThan(100);
  const missing: string[] = [];
  for (const map of maps) {
    const { sources, sourceRoot } = JSON.parse(await readFile(path.join(installed, map), 'utf8')) as {
      sources: string[];
      sourceRoot?: string;
    };
    for (const source of sources) {
      const file = path.resolve(path.dirname(path.join(installed, map)), sourceRoot ?? '', source);
      const inside = !path.relative(installed, file).startsWith('..');
      if (!inside || !existsSync(file)) missing.push(`${map}: ${source}`);
    }
  }
  return missing;
}
