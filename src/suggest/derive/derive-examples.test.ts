import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { readRecording } from '../../replay/input/read-recording';
import { loadRules } from '../../rules/load';
import { deriveFilter, type DeriveInput } from './derive-filter';
import type { DerivedFilter } from './derived-filter';

const ROOT = path.join(__dirname, '../../..');

const readExample = (name: string) => readPack(path.join(ROOT, 'examples', name));

/**
 * A pack directory as `validate` loads it, with the names its recordings carry and the first event of each
 * recorded call, as the command reads them.
 */
async function readPack(dir: string): Promise<DeriveInput> {
  const loaded = await loadRules([dir], { cwd: dir });
  const events = new Set<string>();
  const variables = new Set<string>();
  const firstEvents = new Map<string, string>();
  const recordings = path.join(dir, 'recordings');
  for (const file of await readdir(recordings)) {
    const at = path.join(recordings, file);
    for await (const item of readRecording(at, createReadStream(at))) {
      if (item.kind !== 'event') continue;
      for (const key of Object.keys(item.variables)) variables.add(key);
      const event = item.variables['state.currentEvent'] ?? '';
      const session = item.variables['state.sessionId'] ?? '';
      events.add(event);
      if (!firstEvents.has(session)) firstEvents.set(session, event);
    }
  }
  return {
    rulesets: loaded.rulesets,
    catalog: loaded.catalog?.spec,
    observed: { events: [...events], variables: [...variables] },
    engine: {},
    firstEvents: [...new Set(firstEvents.values())],
  };
}

/** The derived entries, and each rejected entry with the rules named (ruleset left out). */
function summarize(derived: DerivedFilter) {
  return {
    candidates: derived.candidates.map(({ list, entry }) => `${list} ${entry}`),
    rejected: Object.fromEntries(
      derived.rejected.map(({ entry, rules }) => [entry, rules.map((id) => id.replace(/^[^/]*\//, ''))]),
    ),
  };
}
const events = (...names: string[]) => names.map((name) => `events_to_ignore ${name}`);
const keys = (...names: string[]) => names.map((name) => `keys_to_ignore ${name}`);

describe('deriveFilter on the example packs', () => {
  it('fraud-and-spoofing: every event but the three checks; no key, since its rules need no change', async () => {
    const input = await readExample('fraud-and-spoofing');
    expect(input.firstEvents).toEqual(['CALL_STARTED']);
    // Every rule waits for a check's result (*_CHECK_COMPLETED, VERIFY_COMPLETED) and tests values only.
    const waiting = [
      'skip-qa-test-calls',
      'fraudster-suspected',
      'spoof-suspected',
      'recheck-inconclusive-spoof-result',
      'give-up-after-second-inconclusive',
      'resume-verify-after-clean-recheck',
    ];
    const fraudHit = ['fraudster-suspected', 'resume-verify-after-clean-recheck'];
    const derived = deriveFilter(input);
    expect(summarize(derived)).toEqual({
      candidates: events(
        'AUDIO_PROGRESS',
        'CALL_*',
        'ENROLL_COMPLETED',
        'HEARTBEAT*',
        'OPT_IN_RECEIVED',
        'PERSON_IDENTIFIED',
        'SESSION_DECIDED',
        'TRAIN_COMPLETED',
      ),
      rejected: {
        'audio.*': waiting,
        'call.*': ['skip-qa-test-calls'],
        'config.*': waiting,
        'custom.*': waiting,
        'enrollment.*': waiting,
        'flow.*': waiting,
        'fraud.*': fraudHit,
        'person.*': waiting,
        'risk.*': waiting.slice(1),
        'session.*': waiting,
        'spoof.*': waiting.slice(2),
        'vad.*': waiting,
        'verify.*': fraudHit,
        'webhook.*': waiting,
      },
    });
    expect(derived.rejected.find((r) => r.entry === 'call.*')?.reason).toBe(
      'rule fraud-and-spoofing/skip-qa-test-calls reads call.ani',
    );
  });

  it('enrollment-after-opt-in: not AUDIO_PROGRESS, nor audio.*, which its enrollment rules read', async () => {
    const waiting = [
      'hold-enrollment-until-consent',
      'enroll-premium-after-consent',
      'enroll-after-consent',
      'wait-for-more-speech',
    ];
    const derived = deriveFilter(await readExample('enrollment-after-opt-in'));
    expect(summarize(derived)).toEqual({
      candidates: events(
        'CALL_*',
        'ENROLL_COMPLETED',
        'FRAUD_CHECK_COMPLETED',
        'HEARTBEAT*',
        'SESSION_DECIDED',
        'SPOOF_CHECK_COMPLETED',
        'TRAIN_COMPLETED',
        'VERIFY_COMPLETED',
      ),
      rejected: {
        'audio.*': waiting.slice(1),
        'call.*': waiting,
        'config.*': waiting,
        'custom.*': waiting.slice(1, 3),
        'enrollment.*': waiting.slice(1),
        'flow.*': waiting,
        'fraud.*': waiting,
        'person.*': waiting,
        'risk.*': waiting,
        'session.*': waiting,
        'spoof.*': waiting,
        'vad.*': waiting,
        'verify.*': waiting,
        'webhook.*': waiting,
      },
    });
    expect(derived.rejected.find((r) => r.entry === 'audio.*')?.reason).toBe(
      'rules enrollment-after-opt-in/enroll-premium-after-consent, enrollment-after-opt-in/enroll-after-consent, enrollment-after-opt-in/wait-for-more-speech read audio.netSeconds',
    );
    expect(derived.rejected.find((r) => r.entry === 'person.*')?.reason).toMatch(
      /^the `when` of ruleset enrollment-after-opt-in reads person.id; /,
    );
  });

  it('noise-reduction: what its own filter leaves, keys included once the first event is known', async () => {
    const input = await readExample('noise-reduction');
    const derived = deriveFilter(input);
    // HEARTBEAT*, audio.* and vad.* are its own entries; CALL_STARTED and SESSION_DECIDED have rules.
    expect(summarize(derived)).toEqual({
      candidates: [
        ...events(
          'AUDIO_PROGRESS',
          'CALL_ENDED',
          'ENROLL_COMPLETED',
          'FRAUD_CHECK_COMPLETED',
          'OPT_IN_RECEIVED',
          'PERSON_IDENTIFIED',
          'SPOOF_CHECK_COMPLETED',
          'TRAIN_COMPLETED',
          'VERIFY_COMPLETED',
        ),
        ...keys(
          'config.*',
          'custom.*',
          'enrollment.*',
          'flow.*',
          'fraud.*',
          'person.*',
          'spoof.*',
          'verify.*',
          'webhook.*',
        ),
      ],
      rejected: {
        'call.*': ['keep-everything-on-test-lines', 'turn-webhook-off-after-final-decision'],
        'risk.*': ['turn-webhook-off-after-final-decision'],
        'session.*': ['turn-webhook-off-after-final-decision'],
      },
    });
    expect(derived.candidates.find((c) => c.entry === 'CALL_ENDED')?.reason).toBe(
      'no rule fires on CALL_ENDED (rule noise-reduction/turn-webhook-off-after-final-decision tests `changed`, which would see what it changes on the next event sent instead)',
    );
    // Without the first event, its two rules on CALL_STARTED (which need no change) keep every key.
    const anyStart = deriveFilter({ ...input, firstEvents: [] });
    expect(anyStart.candidates.filter((c) => c.list === 'keys_to_ignore')).toEqual([]);
    expect(anyStart.rejected.find((r) => r.entry === 'flow.*')?.rules).toEqual([
      'noise-reduction/keep-everything-on-test-lines',
      'noise-reduction/ignore-heartbeats-and-progress-counters',
    ]);
  });
});

describe('deriveFilter on a pack where a rule without on: reads audio.netSeconds', () => {
  it('does not derive audio.*, and names the rule and the variable', async () => {
    const derived = deriveFilter(await readPack(path.join(ROOT, 'test/fixtures/suggest/track-speech')));
    expect(summarize(derived)).toEqual({
      candidates: events('CALL_STARTED', 'HEARTBEAT*'),
      rejected: {
        AUDIO_PROGRESS: ['track-speech'],
        'audio.*': ['track-speech'],
        'call.*': ['record-end'],
        'vad.*': ['track-speech'],
      },
    });
    const reasons = Object.fromEntries(derived.rejected.map((r) => [r.entry, r.reason]));
    expect(reasons).toEqual({
      AUDIO_PROGRESS:
        'rule usage/track-speech, with no `on:`, can fire on AUDIO_PROGRESS: its condition does not rule that event out',
      'audio.*': 'rule usage/track-speech, with no `on:`, reads audio.netSeconds',
      'call.*': 'rule usage/record-end reads call.endReason',
      'vad.*':
        'rule usage/track-speech, with no `on:`, fires on every event its condition allows, requiring no change: an event changing only vad.* would no longer reach it',
    });
    expect(derived.candidates[1]?.reason).toBe(
      'no rule fires on HEARTBEAT or HEARTBEAT_MEDIA, the known events starting with HEARTBEAT; the rule without `on:` cannot fire on them (rule usage/record-end tests `changed`, which would see what they change on the next event sent instead)',
    );
  });
});
