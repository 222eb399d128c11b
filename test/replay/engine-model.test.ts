import path from 'node:path';
import { replay } from './run-replay';

const FIXTURES = path.join(__dirname, '../fixtures/engine-model');
const args = [
  '--rules',
  path.join(FIXTURES, 'model.yaml'),
  path.join(FIXTURES, 'call.jsonl'),
  '--format',
  'jsonl',
];

/** Per event: its name, whether it was sent, its delta without rulehook's own variables, the rules fired. */
async function play(extra: string[]) {
  const run = await replay([...args, ...extra]);
  expect(run.code).toBe(0);
  return run
    .lines()
    .map((l) => [
      l.event,
      l.sent,
      (l.delta as string[]).filter((key) => !key.startsWith('rulehook.')),
      l.fired,
    ]);
}

describe('rulehook replay: the engine model', () => {
  it('by default: the rules’ own write is in no delta and fires no changed rule; an empty delta is sent', async () => {
    expect(await play([])).toEqual([
      ['VERIFY', true, ['verify.score'], ['model/mark']],
      ['NEXT', true, [], []],
      ['START', true, ['audio.level'], ['model/quiet']],
      ['TICK', true, [], []],
      ['TICK', true, [], []],
    ]);
  });

  it('with the other readings: the own write is in the next delta and changed fires on it, once; an empty delta is filtered', async () => {
    expect(await play(['--engine-own-updates', 'changes', '--engine-empty-delta', 'filtered'])).toEqual([
      ['VERIFY', true, ['verify.score'], ['model/mark']],
      ['NEXT', true, ['custom.mark'], ['model/watch']],
      ['START', true, ['audio.level', 'audit.watched'], ['model/quiet']],
      ['TICK', true, [], []],
      ['TICK', false, [], null],
    ]);
  });

  it('refuses a reading it does not know, naming the ones there are', async () => {
    const run = await replay([...args, '--engine-later-filter', 'merges']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('--engine-later-filter expects replaces or adds, got "merges"');
  });
});
