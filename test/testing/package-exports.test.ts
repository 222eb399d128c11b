import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

describe('package.json exports', () => {
  it('maps rulehook and rulehook/testing to what the build emits from src/index.ts and src/testing/index.ts', () => {
    expect(pkg.exports).toEqual({
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './testing': { types: './dist/testing/index.d.ts', default: './dist/testing/index.js' },
      './package.json': './package.json',
    });
    expect(pkg.typesVersions['*'].testing).toEqual(['dist/testing/index.d.ts']);
    expect(existsSync(path.join(ROOT, 'src/testing/index.ts'))).toBe(true);
  });

  it('resolves rulehook/testing in Node to the built module, which exports the API', () => {
    if (!existsSync(path.join(ROOT, 'dist/testing/index.js')))
      throw new Error('dist/testing/index.js is missing: run `npm run build` (npm test does) first');
    const script =
      "const m = require('rulehook/testing'); console.log(require.resolve('rulehook/testing')); console.log(Object.keys(m).sort().join(','))";
    const result = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const [resolved, names] = result.stdout.trim().split('\n');
    expect(resolved).toBe(path.join(ROOT, 'dist/testing/index.js'));
    expect(names!.split(',')).toEqual(
      expect.arrayContaining(['loadTestRules', 'matchers', 'runScenarios', 'TestSession']),
    );
  });
});
