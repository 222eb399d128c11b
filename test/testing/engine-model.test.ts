import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTest } from '../../src/cli/commands/test/test';
import { loadTestRules } from '../../src/testing';
import { createMemoryIO } from '../support/memory-io';

const FIXTURES = path.join(__dirname, '../fixtures/engine-model');

describe('the engine model in rule tests', () => {
  it('simulates each scenario file with its engine section, and rulehook’s reading without one', async () => {
    const io = createMemoryIO({ cwd: FIXTURES });
    const code = await runTest(['.'], io);
    expect(io.out()).toMatch(/\n4 passed, 0 failed\n$/);
    expect(code).toBe(0);
  });

  it('refuses an engine setting it does not know, saying where and which there are', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-engine-'));
    writeFileSync(
      path.join(dir, 'bad.test.yaml'),
      `rules: ${path.join(FIXTURES, 'model.yaml')}\nengine:\n  own_updates: counted\ntests:\n  - name: t\n    event: E\n`,
    );
    const io = createMemoryIO({ cwd: dir });
    expect(await runTest(['.'], io)).toBe(1);
    expect(io.out()).toContain('bad.test.yaml:3:16 - error');
    expect(io.out()).toMatch(/applied.*changes/);
  });

  it('takes the engine model in the jest API, for all sessions or one', async () => {
    const rules = await loadTestRules(path.join(FIXTURES, 'model.yaml'), {
      engine: { ownUpdates: 'changes' },
    });
    const counted = await rules.call([{ event: 'VERIFY' }, { event: 'NEXT' }]);
    expect(counted.map((event) => event.fired)).toEqual([['model/mark'], ['model/watch']]);
    expect(counted[1]?.delta).toEqual(['custom.mark']);
    const applied = await rules.call([{ event: 'VERIFY' }, { event: 'NEXT' }], { engine: {} });
    expect(applied.map((event) => event.fired)).toEqual([['model/mark'], []]);
    expect(applied[1]?.delta).toEqual([]);
  });
});
