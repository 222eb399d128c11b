import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryIO } from '../../../../test/support/memory-io';
import type { FilterCandidate, FilterListName } from '../../../suggest/derive/derived-filter';
import { SUGGESTED_FILE_MARK } from '../../../suggest/write/filter-file';
import { runValidate } from '../validate/validate';
import { runSuggestFilter } from './suggest-filter';

const FIXTURE = path.resolve(__dirname, '../../../../test/fixtures/suggest-filter/speech-pack');
const RECORDING = 'recordings/2024-06-12-speech.jsonl';

const offer = (list: FilterListName, entry: string): FilterCandidate => ({
  list,
  entry,
  reason: `offered by the test: ${entry}`,
});

/**
 * In derive order: a test needs HEARTBEAT; validate warns of vad.* (close waits for a CALL_ENDED it can
 * stop); note-speech (no `on:`) needs audio.*; close needs CALL_ENDED.
 */
const CANDIDATES = [
  offer('events_to_ignore', 'HEARTBEAT'),
  offer('events_to_ignore', 'HEARTBEAT_MEDIA'),
  offer('keys_to_ignore', 'vad.*'),
  offer('keys_to_ignore', 'audio.*'),
  offer('events_to_ignore', 'CALL_ENDED'),
  offer('events_to_ignore', 'TRAIN*'),
];
/** The HTTP bodies of the six HEARTBEAT_MEDIA events, as the engine would send them (its carried variables included). */
const BYTES = 1333;

const derive = () => ({ candidates: CANDIDATES, rejected: [] });

let pack: string;
beforeEach(async () => {
  pack = path.join(await mkdtemp(path.join(tmpdir(), 'rulehook-suggest-filter-')), 'speech-pack');
  await cp(FIXTURE, pack, { recursive: true });
});
afterEach(async () => {
  await rm(path.dirname(pack), { recursive: true, force: true });
});

async function suggest(args: string[], cwd = pack) {
  const io = createMemoryIO({ cwd });
  const code = await runSuggestFilter(args, io, { derive });
  return { code, out: io.out(), err: io.err() };
}

describe('rulehook suggest-filter: proof', () => {
  it('keeps the entries no recorded call or test needs, and drops the others with their counter-example', async () => {
    const run = await suggest(['--format', 'json']);
    expect({ code: run.code, err: run.err }).toEqual({ code: 0, err: '' });
    const report = JSON.parse(run.out);
    expect(report.entries.map((e: FilterCandidate) => e.entry)).toEqual(['HEARTBEAT_MEDIA', 'TRAIN*']);
    // Every HEARTBEAT_MEDIA of the two calls (4 and 2): 6 of the 22 events sent.
    expect(report.entries[0].savings).toEqual({ events: 6, bytes: BYTES, sentBefore: 22, share: 6 / 22 });
    expect(report.entries[1].savings).toEqual({ events: 0, bytes: 0, sentBefore: 22, share: 0 });
    expect(report.total).toEqual(report.entries[0].savings);
    const dropped = Object.fromEntries(
      report.dropped.map((d: { entry: string; counterExample: unknown }) => [d.entry, d.counterExample]),
    );
    expect(dropped.HEARTBEAT).toMatchObject({
      kind: 'test',
      file: 'speech.test.yaml',
      test: 'a call is greeted, its speech noted, and closed',
      failures: ['event 2 (HEARTBEAT): events[1].sent: expected true, got false'],
    });
    expect(dropped['audio.*']).toMatchObject({
      kind: 'call',
      session: 'sp-1',
      event: 'AUDIO_PROGRESS',
      seq: 4,
      file: RECORDING,
      line: 4,
      differs: ['updates'],
      with: null,
    });
    expect(dropped['audio.*'].without.session_variable_updates).toContainEqual({
      key: 'speech.seconds',
      value: '0.0',
    });
    expect(dropped['vad.*']).toEqual({
      kind: 'rules',
      message: expect.stringMatching(
        /^rulehook validate warns about it \(FILTER_DROPS_LISTENED_EVENT\): the filter entry 'vad\.\*'.*\(on CALL_STARTED\); rule speech\/close waits for CALL_ENDED/,
      ),
    });
    expect(dropped.CALL_ENDED).toMatchObject({
      kind: 'call',
      session: 'sp-1',
      event: 'CALL_ENDED',
      differs: ['updates'],
    });
    // Proven modulo the suggested rule; `rulehook test` with the file in the pack sees it fire first.
    expect(report.firstAnswerTests).toEqual([
      {
        file: 'speech.test.yaml',
        test: 'a call is greeted, its speech noted, and closed',
        line: 6,
        failures: [
          'event 1 (CALL_STARTED): events[0].fired: expected ["speech/greet"], got ["speech/greet","suggested-filter/set-event-filter"]',
        ],
      },
    ]);
    expect(report.limits).toMatch(/^recordings show only the calls they hold/);
    expect(report.written).toBeNull();
  });

  it('says the same in text: entries with reason and savings, dropped ones with the call or test', async () => {
    const run = await suggest([]);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Proven on 2 calls (22 events) of recordings/2024-06-12-speech.jsonl.');
    expect(run.out).toContain(
      '  events_to_ignore: "HEARTBEAT_MEDIA"\n    why: offered by the test: HEARTBEAT_MEDIA\n    saves: stops 6 of 22 events sent (27.3%), 1.3 kB of requests\n',
    );
    expect(run.out).toMatch(
      /keys_to_ignore: "audio\.\*" \(offered by the test: audio\.\*\)\n {4}call sp-1, event AUDIO_PROGRESS \(#4, recordings\/2024-06-12-speech\.jsonl:4\): the filter stops this event \(entry 'audio\.\*'\), but the pack answers it: .*speech\.seconds/,
    );
    expect(run.out).toContain(
      "the test 'a call is greeted, its speech noted, and closed' (speech.test.yaml:6) passes without the filter and fails with it",
    );
    expect(run.out).toContain('Note: recordings show only the calls they hold');
  });
});

describe('rulehook suggest-filter --write', () => {
  it('writes a rule file that validates strictly with the pack and is recognised on refresh', async () => {
    const run = await suggest(['--write', 'suggested-filter.yaml']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Wrote suggested-filter.yaml.');
    const text = await readFile(path.join(pack, 'suggested-filter.yaml'), 'utf8');
    expect(text.split('\n').slice(0, 2)).toEqual([
      '# yaml-language-server: $schema=../../../../schema/rules.schema.json'.replace(
        '../../../../schema',
        path.relative(pack, path.resolve(__dirname, '../../../../schema')),
      ),
      SUGGESTED_FILE_MARK,
    ]);
    expect(text).toContain('#   rulehook suggest-filter --write suggested-filter.yaml\n');
    expect(text).toContain(
      '        events_to_ignore:\n          # offered by the test: HEARTBEAT_MEDIA\n          # stops 6 of 22 events sent (27.3%), 1.3 kB of requests on the recordings\n          - "HEARTBEAT_MEDIA"\n',
    );
    // Set in answer to the event every recorded call starts with, once per call.
    expect(text).toContain('    on: CALL_STARTED\n    once: true\n');
    const validate = createMemoryIO({ cwd: pack });
    expect({ code: await runValidate(['--strict', '.'], validate), out: validate.out() }).toEqual({
      code: 0,
      out: '0 errors, 0 warnings in 2 files\n',
    });

    // A refresh leaves the file it wrote out of the pack, and overwrites it.
    const again = await suggest(['--write', 'suggested-filter.yaml']);
    expect(again.code).toBe(0);
    expect(again.out).toContain(
      'Left out of the pack (written by suggest-filter, replaced): suggested-filter.yaml.',
    );
    expect(await readFile(path.join(pack, 'suggested-filter.yaml'), 'utf8')).toBe(text);
  });

  it('refuses to overwrite a file it did not write (exit 1, file unchanged)', async () => {
    const mine = path.join(pack, 'mine.yaml');
    await writeFile(mine, 'ruleset: mine\nrules: []\n');
    const run = await suggest(['--write', 'mine.yaml']);
    expect(run).toEqual({
      code: 1,
      out: '',
      err: 'rulehook suggest-filter: mine.yaml exists and was not written by suggest-filter: not overwritten (give another --write FILE, or delete it)\n',
    });
    expect(await readFile(mine, 'utf8')).toBe('ruleset: mine\nrules: []\n');
  });
});

describe('rulehook suggest-filter: inputs and exit codes', () => {
  it('reports bad lines with file:line and goes on, as replay does', async () => {
    const recording = path.join(pack, RECORDING);
    await writeFile(recording, `${await readFile(recording, 'utf8')}not json\n`);
    const run = await suggest(['--format', 'json']);
    expect(run.code).toBe(0);
    expect(run.err).toMatch(
      /^rulehook suggest-filter: recordings\/2024-06-12-speech\.jsonl:23: not JSON: .*; line skipped\nrulehook suggest-filter: 1 bad lines skipped\n$/,
    );
    expect(JSON.parse(run.out).events).toBe(22);
  });

  it('exits 1 on a recording that cannot be read (or is a decision log), and on rules with errors', async () => {
    expect(await suggest(['missing.jsonl'])).toEqual({
      code: 1,
      out: '',
      err: 'rulehook suggest-filter: cannot read missing.jsonl: no such file\n',
    });
    await writeFile(
      path.join(pack, 'log.jsonl'),
      '{"session_variables":{"state.sessionId":"a"},"fired":[]}\n',
    );
    expect(await suggest(['log.jsonl'])).toEqual({
      code: 1,
      out: '',
      err: 'rulehook suggest-filter: log.jsonl:1: a line of a decision log (it has "fired"): it holds only the events the webhook received, not the calls as the engine raised them; prove on a recording (serve --record)\n',
    });
    await writeFile(path.join(pack, 'broken.yaml'), 'ruleset: broken\nrules:\n  - id: x\n    on: 3\n');
    const broken = await suggest([]);
    expect(broken.code).toBe(1);
    expect(broken.err).toContain('rulehook suggest-filter: . has errors (see above)\n');
  });

  it('exits 2 on wrong usage, and outside a pack without --rules', async () => {
    const unknown = await suggest(['--formt', 'json']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^rulehook suggest-filter: .*--formt/);
    const outside = await suggest([], path.dirname(pack));
    expect(outside.code).toBe(2);
    expect(outside.err).toContain('the current directory is not a rule pack');
    const given = await suggest(['--rules', 'speech-pack', '--format', 'json'], path.dirname(pack));
    expect(given.code).toBe(0);
    expect(JSON.parse(given.out).recordings).toEqual([`speech-pack/${RECORDING}`]);
  });

  it('prints its help', async () => {
    const run = await suggest(['--help']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Usage: rulehook suggest-filter \[--rules PACK\] \[RECORDING\.\.\.\]/);
    expect(run.out).toContain('--engine-own-updates');
  });
});
