import type { EngineModel } from '../../filter/engine-model';
import type { LoadedRuleset, RuleSpec } from '../../rules/spec';
import { deriveFilter } from './derive-filter';
import type { DerivedFilter } from './derived-filter';

const pack = (ruleset: string, rules: RuleSpec[], extra: object = {}): LoadedRuleset => ({
  file: `${ruleset}.yaml`,
  spec: { ruleset, rules, ...extra },
  locate: () => undefined,
});
const EVENTS = ['CALL_STARTED', 'CALL_ENDED', 'HEARTBEAT', 'HEARTBEAT_MEDIA', 'AUDIO_PROGRESS'];
const VARIABLES = ['call.ani', 'audio.netSeconds', 'audio.grossSeconds', 'vad.level'];
const set = { set: { 'usage.seen': 'yes' } };

function derive(
  rulesets: LoadedRuleset[],
  options: { events?: string[]; variables?: string[]; engine?: EngineModel; firstEvents?: string[] } = {},
): DerivedFilter {
  return deriveFilter({
    rulesets,
    observed: { events: options.events ?? EVENTS, variables: options.variables ?? VARIABLES },
    engine: options.engine ?? {},
    firstEvents: options.firstEvents,
  });
}
/** The entries, as `list entry`. */
const entriesOf = (items: readonly { list: string; entry: string }[]) =>
  items.map(({ list, entry }) => `${list === 'events_to_ignore' ? 'event' : 'key'} ${entry}`);
const rejection = (derived: DerivedFilter, entry: string) =>
  derived.rejected.find((item) => item.entry === entry);

describe('deriveFilter: events_to_ignore', () => {
  it('derives the names no on: takes, grouped at a word boundary when every known name qualifies', () => {
    const derived = derive([
      pack('calls', [{ id: 'start', on: 'CALL_STARTED', then: set }]),
      pack('checks', [{ id: 'verify', on: 'VERIFY_*', then: set }]),
    ]);
    expect(entriesOf(derived.candidates)).toEqual([
      'event AUDIO_PROGRESS',
      'event CALL_ENDED',
      'event HEARTBEAT*',
    ]);
    expect(derived.candidates[2]?.reason).toBe(
      'no rule fires on HEARTBEAT or HEARTBEAT_MEDIA, the known events starting with HEARTBEAT',
    );
  });

  it('writes PREFIX_* when the prefix is no name itself, so that a longer word is not stopped', () => {
    const derived = derive([pack('p', [{ id: 'ended', on: 'AUDIO_PROGRESS', then: set }])]);
    expect(entriesOf(derived.candidates).filter((e) => e.startsWith('event'))).toEqual([
      'event CALL_*',
      'event HEARTBEAT*',
    ]);
  });

  it('lets a rule without on: block every name its when and if allow, and names it', () => {
    const derived = derive([
      pack('calls', [{ id: 'start', on: 'CALL_STARTED', then: set }]),
      pack('log', [{ id: 'ends', if: { var: 'audio.netSeconds', exists: true }, then: set }], {
        when: { var: 'state.currentEvent', in: ['CALL_ENDED', 'AUDIO_PROGRESS'] },
      }),
    ]);
    expect(entriesOf(derived.candidates).filter((e) => e.startsWith('event'))).toEqual(['event HEARTBEAT*']);
    expect(derived.candidates[0]?.reason).toBe(
      'no rule fires on HEARTBEAT or HEARTBEAT_MEDIA, the known events starting with HEARTBEAT; the rule without `on:` cannot fire on them',
    );
    expect(rejection(derived, 'CALL_ENDED')).toEqual({
      list: 'events_to_ignore',
      entry: 'CALL_ENDED',
      reason:
        'rule log/ends, with no `on:`, can fire on CALL_ENDED: its condition does not rule that event out',
      rules: ['log/ends'],
    });
    expect(entriesOf(derived.rejected).filter((e) => e.startsWith('event'))).toEqual([
      'event AUDIO_PROGRESS',
      'event CALL_ENDED',
    ]);
  });

  it('derives no event at all next to a rule without on: that fires on every event', () => {
    const derived = derive([pack('log', [{ id: 'all', then: set }])]);
    expect(derived.candidates.filter((c) => c.list === 'events_to_ignore')).toEqual([]);
    expect(entriesOf(derived.rejected).filter((e) => e.startsWith('event'))).toEqual(
      [...EVENTS].sort().map((name) => `event ${name}`),
    );
  });

  it('keeps names single when a rule without on: rules them out one by one, not the whole prefix', () => {
    const notBeats = { var: 'state.currentEvent', not_in: ['HEARTBEAT', 'HEARTBEAT_MEDIA'] };
    const derived = derive([
      pack('calls', [{ id: 'any', on: ['CALL_*', 'AUDIO_PROGRESS'], then: set }]),
      pack('log', [{ id: 'not-beats', if: notBeats, then: set }]),
    ]);
    expect(entriesOf(derived.candidates)).toEqual(['event HEARTBEAT', 'event HEARTBEAT_MEDIA']);
  });

  it('falls back to single names where validate would object to the prefix (an on: glob no name matches)', () => {
    const derived = derive([pack('p', [{ id: 'retry', on: 'VERIFY_RETRY_*', then: set }])], {
      events: ['VERIFY_COMPLETED', 'VERIFY_FAILED'],
      variables: [],
    });
    expect(entriesOf(derived.candidates)).toEqual(['event VERIFY_COMPLETED', 'event VERIFY_FAILED']);
  });

  it("leaves out names the pack's own filter stops, disabled rules, and counts stop rules as reaching later ones", () => {
    const derived = derive([
      pack('p', [
        { id: 'quiet', on: 'CALL_STARTED', then: { filter: { events_to_ignore: ['HEARTBEAT*'] } } },
        { id: 'off', on: 'CALL_ENDED', enabled: false, then: { filter: { events_to_ignore: ['AUDIO*'] } } },
        { id: 'first', on: 'AUDIO_PROGRESS', priority: 10, stop: true, then: set },
        { id: 'later', on: 'AUDIO_PROGRESS', if: { changed: 'audio.*' }, then: set },
      ]),
    ]);
    expect(entriesOf(derived.candidates).filter((e) => e.startsWith('event'))).toEqual(['event CALL_ENDED']);
    expect(rejection(derived, 'audio.*')?.rules).toEqual(['p/later']);
  });

  it('says when rules test changed, which a stopped event moves to the next event sent', () => {
    const derived = derive([
      pack('p', [{ id: 'ended', on: 'CALL_ENDED', if: { changed: 'call.*' }, then: set }]),
    ]);
    expect(derived.candidates.find((c) => c.entry === 'HEARTBEAT*')?.reason).toBe(
      'no rule fires on HEARTBEAT or HEARTBEAT_MEDIA, the known events starting with HEARTBEAT (rule p/ended tests `changed`, which would see what they change on the next event sent instead)',
    );
  });
});

describe('deriveFilter: keys_to_ignore', () => {
  /** A rule that needs its own change: it cannot fire on an event changing only other variables. */
  const ended: RuleSpec = { id: 'ended', on: 'CALL_ENDED', if: { changed: 'call.endReason' }, then: set };

  it('derives the prefixes no rule reads, when every rule that could fire requires another change', () => {
    const derived = derive([pack('calls', [ended])]);
    expect(entriesOf(derived.candidates).filter((e) => e.startsWith('key'))).toEqual([
      'key audio.*',
      'key vad.*',
    ]);
    expect(derived.candidates.find((c) => c.entry === 'audio.*')?.reason).toBe(
      'no rule reads audio.* (audio.grossSeconds or audio.netSeconds), and every rule that could fire on an event changing only audio.* requires another change',
    );
    expect(rejection(derived, 'call.*')).toEqual({
      list: 'keys_to_ignore',
      entry: 'call.*',
      reason: 'rule calls/ended reads call.endReason in `changed`',
      rules: ['calls/ended'],
    });
  });

  it('does not derive audio.* when a rule without on: reads audio.netSeconds, and names it', () => {
    const track: RuleSpec = {
      id: 'track-speech',
      if: { all: [{ changed: 'vad.*' }, { var: 'audio.netSeconds', gte: 20 }] },
      then: set,
    };
    const derived = derive([pack('usage', [track]), pack('calls', [ended])]);
    expect(rejection(derived, 'audio.*')).toEqual({
      list: 'keys_to_ignore',
      entry: 'audio.*',
      reason: 'rule usage/track-speech, with no `on:`, reads audio.netSeconds',
      rules: ['usage/track-speech'],
    });
    expect(entriesOf(derived.candidates).filter((e) => e.startsWith('key'))).toEqual([]);
  });

  it('counts a changed glob as reading every name it can match, and templates, refs and the when as reads', () => {
    const derived = derive(
      [
        pack(
          'calls',
          [
            { id: 'secs', on: 'CALL_ENDED', if: { changed: 'audio.*Seconds' }, then: set },
            {
              id: 'note',
              on: 'CALL_ENDED',
              if: { all: [{ changed: 'call.endReason' }, { ref: 'risky' }] },
              then: { schedule: [{ action: 'Note', parameters: { level: '${vad.level:-none}' } }] },
            },
          ],
          { conditions: { risky: { var: 'risk.level', in: { list: 'high' } } }, lists: { high: ['HIGH'] } },
        ),
        pack('fraud', [ended], { when: { var: 'person.id', exists: true } }),
      ],
      { variables: [...VARIABLES, 'risk.level', 'person.id', 'custom.tier'] },
    );
    expect(entriesOf(derived.candidates).filter((e) => e.startsWith('key'))).toEqual(['key custom.*']);
    expect(rejection(derived, 'audio.*')?.reason).toBe('rule calls/secs reads audio.*Seconds in `changed`');
    expect(rejection(derived, 'vad.*')?.reason).toBe('rule calls/note reads vad.level in a template');
    expect(rejection(derived, 'risk.*')?.reason).toBe('rule calls/note reads risk.level');
    expect(rejection(derived, 'person.*')).toMatchObject({
      reason: 'the `when` of ruleset fraud reads person.id',
      rules: ['fraud/ended'],
    });
  });

  it('names each ruleset whose when reads a variable', () => {
    const identified = { when: { var: 'person.id', exists: true } };
    const derived = derive(
      [pack('a', [ended], identified), pack('b', [{ ...ended, id: 'end' }], identified)],
      {
        variables: ['person.id'],
      },
    );
    expect(rejection(derived, 'person.*')).toEqual({
      list: 'keys_to_ignore',
      entry: 'person.*',
      reason: 'the `when` of ruleset a reads person.id; the `when` of ruleset b reads person.id',
      rules: ['a/ended', 'b/end'],
    });
  });

  it('counts a changed glob starting with a wildcard as reading every entry', () => {
    const derived = derive([
      pack('calls', [{ id: 'secs', on: 'CALL_ENDED', if: { changed: '*Seconds' }, then: set }]),
    ]);
    expect(derived.candidates.filter((c) => c.list === 'keys_to_ignore')).toEqual([]);
    expect(
      derived.rejected.filter((r) => r.list === 'keys_to_ignore').map((r) => [r.entry, r.reason]),
    ).toEqual([
      ['audio.*', 'rule calls/secs reads *Seconds in `changed`'],
      ['call.*', 'rule calls/secs reads *Seconds in `changed`'],
      ['vad.*', 'rule calls/secs reads *Seconds in `changed`'],
    ]);
  });

  it('lets a rule without on: that requires no change block every keys entry, once or not', () => {
    const derived = derive([
      pack('calls', [ended, { id: 'greet', once: true, if: { var: 'call.ani', exists: true }, then: set }]),
    ]);
    expect(derived.candidates.filter((c) => c.list === 'keys_to_ignore')).toEqual([]);
    expect(rejection(derived, 'vad.*')).toEqual({
      list: 'keys_to_ignore',
      entry: 'vad.*',
      reason:
        'rule calls/greet, with no `on:`, fires on every event its condition allows, requiring no change: an event changing only vad.* would no longer reach it',
      rules: ['calls/greet'],
    });
  });

  it('lets a rule without on: that requires a change block only the entries that can ignore it', () => {
    const derived = derive([
      pack('calls', [ended, { id: 'speech', if: { changed: 'audio.net*' }, then: set }]),
    ]);
    expect(entriesOf(derived.candidates).filter((e) => e.startsWith('key'))).toEqual(['key vad.*']);
    expect(rejection(derived, 'audio.*')?.reason).toBe(
      'rule calls/speech, with no `on:`, reads audio.net* in `changed`',
    );
  });

  it('rejects what validate would warn about: a rule on an event that needs no change', () => {
    const derived = derive([pack('calls', [{ id: 'bye', on: 'CALL_ENDED', then: set }])]);
    expect(rejection(derived, 'vad.*')).toEqual({
      list: 'keys_to_ignore',
      entry: 'vad.*',
      reason:
        'rule calls/bye waits for CALL_ENDED and requires no change that the filter keeps: such an event changing only vad.* would no longer reach it',
      rules: ['calls/bye'],
    });
  });

  it('spares rules waiting for the first events, as validate spares those of the rule setting a filter', () => {
    const start: RuleSpec = { id: 'start', on: 'CALL_STARTED', then: set };
    const derived = derive([pack('calls', [start, ended])], { firstEvents: ['CALL_STARTED'] });
    expect(entriesOf(derived.candidates).filter((e) => e.startsWith('key'))).toEqual([
      'key audio.*',
      'key vad.*',
    ]);
    const filtered = derive([pack('calls', [start, ended])], {
      firstEvents: ['CALL_STARTED'],
      engine: { emptyDelta: 'filtered' },
    });
    expect(filtered.candidates.filter((c) => c.list === 'keys_to_ignore')).toEqual([]);
    expect(rejection(filtered, 'vad.*')?.reason).toBe(
      'with the engine setting empty_delta=filtered, any keys_to_ignore entry also stops every event that changes nothing, and rule calls/start can fire on such an event',
    );
  });

  it("leaves out the pack's own entries, automatic keys, rulehook's state, and entries inside a derived one", () => {
    const derived = derive(
      [
        pack('calls', [
          ended,
          {
            id: 'quiet',
            on: 'CALL_ENDED',
            if: { changed: 'call.endReason' },
            then: { filter: { keys_to_ignore: ['audio.*'] } },
          },
        ]),
      ],
      {
        variables: [
          ...VARIABLES,
          'state.flowNode',
          'rulehook.filter',
          'config.flowName',
          'config.verify.threshold',
          'custom.*',
          '*Seconds',
          'tier',
        ],
      },
    );
    expect(entriesOf(derived.candidates).filter((e) => e.startsWith('key'))).toEqual([
      'key config.*',
      'key custom.*',
      'key tier',
      'key vad.*',
    ]);
  });
});

describe('deriveFilter: cost', () => {
  it('derives for a pack of 10,000 rules in seconds', () => {
    const rules: RuleSpec[] = [];
    for (let i = 0; i < 10_000; i++) {
      const on = i % 3 === 0 ? undefined : `EVENT_${i % 50}`;
      rules.push({
        id: `r${i}`,
        ...(on !== undefined && { on }),
        if: { all: [{ changed: `group${i % 40}.*` }, { var: `group${i % 40}.value${i % 7}`, gt: i % 10 }] },
        then: { set: { [`out.v${i % 20}`]: `\${group${i % 40}.value${i % 7}}` } },
      });
    }
    const events = Array.from({ length: 80 }, (_, i) => `EVENT_${i}`);
    const variables = Array.from({ length: 400 }, (_, i) => `group${i % 60}.value${i % 9}`);
    const started = performance.now();
    const derived = derive([pack('big', rules)], { events, variables });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(derived.candidates.filter((c) => c.list === 'keys_to_ignore').length).toBe(20);
  });
});
