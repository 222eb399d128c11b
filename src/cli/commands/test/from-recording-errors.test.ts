import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryIO } from '../../../../test/support/memory-io';
import { runTest } from './test';

const RULES = `ruleset: t
rules:
  - id: start
    on: CALL_STARTED
    then:
      filter: { keys_to_ignore: ["audio.*"] }
`;

const event = (session: string, name: string, more: Record<string, string> = {}) =>
  JSON.stringify({ session_variables: { 'state.sessionId': session, 'state.currentEvent': name, ...more } });

const RECORDING = [
  event('a-1', 'CALL_STARTED', { x: '1' }),
  event('b-2', 'CALL_STARTED'),
  event('a-1', 'AUDIO_PROGRESS', { 'audio.netSeconds': '1.0' }),
  event('c-3', 'CALL_STARTED'),
].join('\n');

let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'rulehook-from-recording-'));
  await writeFile(path.join(cwd, 'rules.yaml'), RULES);
  await writeFile(path.join(cwd, 'day.jsonl'), `${RECORDING}\n`);
});
afterEach(() => rm(cwd, { recursive: true, force: true }));

async function run(...args: string[]) {
  const io = createMemoryIO({ cwd });
  const code = await runTest(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}
const written = () => existsSync(path.join(cwd, 'out.test.yaml'));
const write = (recording: string, ...more: string[]) =>
  run('--from-recording', recording, ...more, '--write', 'out.test.yaml');

describe('rulehook test --from-recording: which calls, which engine', () => {
  it('--session picks calls, in the order named; the header says how to write and refresh the file', async () => {
    expect((await write('day.jsonl', '--session', 'c-3', '--session', 'a-1')).code).toBe(0);
    const text = await readFile(path.join(cwd, 'out.test.yaml'), 'utf8');
    expect(text).toContain(
      '#   rulehook test --from-recording day.jsonl --session c-3 --session a-1 --write out.test.yaml\n',
    );
    expect(text).toContain('#   rulehook test --update --write out.test.yaml\n# recording: day.jsonl\n');
    expect([...text.matchAll(/- name: (\S+)/g)].map((m) => m[1])).toEqual(['c-3', 'a-1']);
    // --update keeps the calls the file tests.
    const updated = await run('--update', '--write', 'out.test.yaml');
    expect(updated.stdout).toMatch(/^out.test.yaml: no expectation changed \(2 tests, 3 events/);
  });

  it('an unknown --session is an error naming the calls there are, with a did-you-mean', async () => {
    const { code, stderr } = await write('day.jsonl', '--session', 'a-2');
    expect(code).toBe(1);
    expect(stderr).toBe(
      "rulehook test: day.jsonl has no call 'a-2' (did you mean 'a-1'?); its calls are a-1, b-2, c-3; nothing written\n",
    );
    expect(written()).toBe(false);
  });

  it('writes the --engine-* settings into the file, and --update keeps them', async () => {
    expect((await write('day.jsonl', '--engine-later-filter', 'adds')).code).toBe(0);
    const text = await readFile(path.join(cwd, 'out.test.yaml'), 'utf8');
    expect(text).toContain('--engine-later-filter adds --write out.test.yaml\n');
    expect(text).toContain('\nengine:\n  later_filter: adds\n');
    await run('--update', '--write', 'out.test.yaml');
    expect(await readFile(path.join(cwd, 'out.test.yaml'), 'utf8')).toBe(text);
  });

  it('warns when a call drops a variable, which a scenario cannot say', async () => {
    await writeFile(
      path.join(cwd, 'day.jsonl'),
      [event('a-1', 'CALL_STARTED', { x: '1' }), event('a-1', 'HANGUP')].join('\n'),
    );
    const { code, stderr } = await write('day.jsonl');
    expect(code).toBe(0);
    expect(stderr).toBe(
      'rulehook test: warning: day.jsonl:2: x is no longer in the call (session a-1); a scenario cannot remove a variable, so the test keeps the earlier value\n',
    );
  });
});

describe('rulehook test --from-recording: refusals', () => {
  it('never overwrites a file without --update, nor a hand-written one with it', async () => {
    await writeFile(path.join(cwd, 'out.test.yaml'), 'mine\n');
    const { code, stderr } = await write('day.jsonl');
    expect(code).toBe(1);
    expect(stderr).toBe(
      'rulehook test: out.test.yaml exists and is not overwritten: --update rewrites its expectations and shows what changed\n',
    );
    expect(await readFile(path.join(cwd, 'out.test.yaml'), 'utf8')).toBe('mine\n');
    // --update rewrites only a file written from a recording: not tests written by hand.
    const update = await write('day.jsonl', '--update');
    expect(update.stderr).toBe(
      "rulehook test: out.test.yaml was not written from a recording (no '# recording:' line at its top): --update rewrites only such files\n",
    );
    expect(await readFile(path.join(cwd, 'out.test.yaml'), 'utf8')).toBe('mine\n');
  });

  it.each([
    ['a broken line', `${event('a-1', 'A')}\n{"session_variables": \n`, /^day.jsonl:2: not JSON: /],
    ['a file that is not a recording', 'ruleset: t\n', /^day.jsonl:1: not JSON: /],
    ['a recording without events', '\n\n', /^day.jsonl: no event: a recording holds one event per line/],
    [
      'an event without a session id',
      '{"session_variables":{"state.currentEvent":"A"}}\n',
      /^day.jsonl:1: this event has no state.sessionId/,
    ],
    [
      'an event without a name',
      '{"session_variables":{"state.sessionId":"s"}}\n',
      /^day.jsonl:1: this event has no state.currentEvent/,
    ],
    [
      'a decision-log line',
      `{"session_variables":{"state.sessionId":"s","state.currentEvent":"A"},"fired":[]}\n`,
      /^day.jsonl:1: a line of a decision log/,
    ],
  ])('%s is an error with its line, and nothing is written', async (_, text, message) => {
    await writeFile(path.join(cwd, 'day.jsonl'), text);
    const { code, stderr } = await write('day.jsonl');
    expect(code).toBe(1);
    expect(stderr.replace(/^rulehook test: /, '')).toMatch(message);
    expect(stderr).toMatch(/; nothing written\n$/);
    expect(written()).toBe(false);
  });

  it('a missing recording, no rules or rules with errors, a name rulehook test would not find: exit 1', async () => {
    expect((await write('nope.jsonl')).stderr).toBe(
      'rulehook test: nope.jsonl: cannot be read: no such file; nothing written\n',
    );
    expect((await run('--from-recording', 'day.jsonl', '--write', 'out.yaml')).stderr).toBe(
      "rulehook test: --write out.yaml: a scenario file's name ends in .test.yaml (or .test.yml)\n",
    );
    expect((await run('--update', '--write', 'out.test.yaml')).stderr).toBe(
      'rulehook test: nothing to update: out.test.yaml does not exist (write it with --from-recording FILE)\n',
    );
    await rm(path.join(cwd, 'rules.yaml'));
    expect((await write('day.jsonl')).stderr).toContain(
      "rulehook test: the current directory holds no rules: run this in the rule pack's directory; nothing written\n",
    );
    await writeFile(path.join(cwd, 'rules.yaml'), 'ruleset: t\nrules: 3\n');
    const broken = await write('day.jsonl');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('rules.yaml:2');
    expect(broken.stderr).toContain(
      'rulehook test: the rules of the current directory have errors (see above); nothing written\n',
    );
    expect(written()).toBe(false);
  });

  it.each([
    [['--from-recording', 'day.jsonl'], '--from-recording needs --write OUT.test.yaml, the file to write'],
    [
      ['--from-recording', 'day.jsonl', '--write', 'o.test.yaml', 'tests/'],
      '--from-recording writes a scenario file: give no PATH (tests/)',
    ],
    [
      ['--from-recording', 'day.jsonl', '--write', 'o.test.yaml', '--filter', 'x'],
      '--filter runs tests: not with --from-recording',
    ],
    [
      ['--from-recording', '-', '--write', 'o.test.yaml'],
      '--from-recording needs a file (it is read again by --update): not stdin (-)',
    ],
    [['--session', 'a-1'], '--session needs --from-recording (or --update)'],
    [['--write', 'o.test.yaml'], '--write needs --from-recording (or --update)'],
  ])('wrong usage %j: exit 2, saying why', async (args, message) => {
    const { code, stderr } = await run(...args);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(`rulehook test: ${message}`);
  });
});
