import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FIXTURES, replay } from './run-replay';

const DIR = path.join(FIXTURES, 'filters');

describe('rulehook replay --format jsonl: the events the engine would send', () => {
  it('gives exactly the expected lines for a recording whose rules filter events', async () => {
    const run = await replay(['--rules', 'rules.yaml', 'recording.jsonl', '--format', 'jsonl'], { cwd: DIR });
    expect(run.code).toBe(0);
    const expected = await readFile(path.join(DIR, 'expected.jsonl'), 'utf8');
    expect(run.out).toBe(expected);
  });

  it('sends, filters and explains each event as the filter engine decides', async () => {
    const run = await replay(['--rules', 'rules.yaml', 'recording.jsonl', '--format', 'jsonl'], { cwd: DIR });
    const table = run.lines().map((l) => [l.line, l.session, l.seq, l.event, l.sent, l.reason, l.entry]);
    expect(table).toEqual([
      [1, 's-a', 1, 'CALL_STARTED', true, null, null],
      [2, 's-b', 1, 'CALL_STARTED', true, null, null],
      [3, 's-a', 2, 'HEARTBEAT', false, 'events_to_ignore', 'HEARTBEAT*'],
      [4, 's-a', 3, 'AUDIO_PROGRESS', false, 'keys_to_ignore', 'audio.*'],
      [5, 's-b', 2, 'HEARTBEAT_MEDIA', false, 'events_to_ignore', 'HEARTBEAT*'],
      [6, 's-a', 4, 'PERSON_IDENTIFIED', true, null, null],
      // caller.known was recorded as "no", but the rules set it to "yes" earlier: their value wins, so
      // only audio.* changed, and the event is filtered.
      [7, 's-a', 5, 'AUDIO_PROGRESS', false, 'keys_to_ignore', 'audio.*'],
      // vad.segments changed too: one key the filter does not name is enough to send.
      [8, 's-b', 3, 'AUDIO_PROGRESS', true, null, null],
      [9, 's-a', 6, 'SESSION_DECIDED', true, null, null],
      [10, 's-a', 7, 'CALL_ENDED', false, 'webhook_disabled', '*'],
      // No session id: a session of its own, with no filter.
      [11, '', 1, 'HEARTBEAT', true, null, null],
      [12, 's-b', 4, 'SESSION_DECIDED', true, null, null],
      // Nothing but state.* changed: an empty delta is never filtered by keys_to_ignore.
      [13, 's-b', 5, 'CALL_ENDED', true, null, null],
    ]);
    const notSent = run.lines().filter((l) => l.sent === false);
    expect(notSent.every((l) => l.response === null && l.fired === null)).toBe(true);
    expect(run.lines()[6]).toMatchObject({ delta: ['audio.netSeconds'] });
  });

  it('prints the summary on stderr with jsonl, keeping stdout to the contract', async () => {
    const run = await replay(['--rules', 'rules.yaml', 'recording.jsonl', '--format', 'jsonl'], { cwd: DIR });
    expect(run.err).toContain('filtered     5: events_to_ignore 2, keys_to_ignore 2, webhook_disabled 1');
    expect(run.err).toMatch(/sessions +3\n/);
  });

  it('shows one session with --session', async () => {
    const run = await replay(
      ['--rules', 'rules.yaml', 'recording.jsonl', '--format', 'jsonl', '--session', 's-b'],
      {
        cwd: DIR,
      },
    );
    expect(run.lines().map((l) => [l.line, l.seq])).toEqual([
      [2, 1],
      [5, 2],
      [8, 3],
      [12, 4],
      [13, 5],
    ]);
  });

  it('prints a per-session timeline and a summary by default', async () => {
    const run = await replay(['--rules', 'rules.yaml', 'recording.jsonl'], { cwd: DIR });
    expect(run.code).toBe(0);
    const sA = run.out.indexOf('session s-a\n');
    const sB = run.out.indexOf('session s-b\n');
    expect(sA).toBeGreaterThanOrEqual(0);
    expect(sB).toBeGreaterThan(sA);
    expect(run.out).toContain('  #2    HEARTBEAT                filtered: events_to_ignore "HEARTBEAT*"\n');
    expect(run.out).toContain('  #6    SESSION_DECIDED          sent, fired quiet/off-when-decided\n');
    expect(run.out).toContain('        set webhook.mode = "SILENCED"\n');
    expect(run.out).toContain('(webhook off for the rest of the session)');
    expect(run.out).toContain('session (events without a session id)');
    expect(run.out).toMatch(/rules fired {2}\(times\)\n {4}quiet\/quiet-from-start {3}2\n/);
    expect(run.out).toContain('never fired  none');
  });

  it('explains why each rule of the rulesets concerned fired or not with --explain', async () => {
    const run = await replay(['--rules', 'rules.yaml', 'recording.jsonl', '--explain', '--session', 's-b'], {
      cwd: DIR,
    });
    expect(run.out).toContain(
      '          ✗ quiet/off-when-decided: its `if` does not hold: session.decision equals "AUTHENTICATED" is false (actual "INCONCLUSIVE")\n',
    );
    const json = await replay(
      ['--rules', 'rules.yaml', 'recording.jsonl', '--explain', '--format', 'jsonl'],
      {
        cwd: DIR,
      },
    );
    const decided = json.lines()[11]!;
    expect(decided.explanation).toContainEqual({
      rule: 'quiet/off-when-decided',
      fired: false,
      reason: 'if',
      condition: 'session.decision equals "AUTHENTICATED" is false (actual "INCONCLUSIVE")',
    });
    expect(json.lines()[2]!.explanation).toBeNull();
  });
});

describe('rulehook replay: filtered events that rules wait for', () => {
  const SWALLOWED = path.join(FIXTURES, 'swallowed');

  it('names the rules waiting for each filtered event in jsonl (listened_by)', async () => {
    const run = await replay(['--rules', 'rules.yaml', 'recording.jsonl', '--format', 'jsonl'], {
      cwd: SWALLOWED,
    });
    expect(run.code).toBe(0);
    expect(run.lines().map((l) => [l.line, l.event, l.sent, l.reason, l.listened_by])).toEqual([
      [1, 'CALL_STARTED', true, null, undefined],
      [2, 'HEARTBEAT', false, 'events_to_ignore', ['calls/count-heartbeats']],
      // Only audio.* changed: stopped, though calls/record-end waits for it.
      [3, 'CALL_ENDED', false, 'keys_to_ignore', ['calls/record-end']],
      [4, 'CALL_STARTED', true, null, undefined],
      [5, 'HEARTBEAT_MEDIA', false, 'events_to_ignore', ['calls/count-heartbeats']],
      [6, 'CALL_ENDED', true, null, undefined],
    ]);
  });

  it('counts them in the summary, in all and by rule, with and without --workers', async () => {
    for (const workers of [[], ['--workers', '2']]) {
      const run = await replay(
        ['--rules', 'rules.yaml', 'recording.jsonl', '--format', 'summary', ...workers],
        {
          cwd: SWALLOWED,
        },
      );
      expect(run.out).toContain(
        [
          '  filtered     3: events_to_ignore 2, keys_to_ignore 1',
          '  rules missed 3 filtered events they wait for (on:)',
          '    calls/count-heartbeats  2',
          '    calls/record-end        1',
          '',
        ].join('\n'),
      );
    }
  });
});
