import type { LoadedRuleset, RuleSpec } from '../../spec';
import { findSwallowedEvents, type SwallowedEvents } from './find-swallowed-events';

const pack = (file: string, ruleset: string, rules: RuleSpec[], extra: object = {}): LoadedRuleset => ({
  file,
  spec: { ruleset, rules, ...extra },
  locate: () => undefined,
});
const quiet = (filter: object, on: string | null = 'CALL_STARTED'): RuleSpec => ({
  id: 'quiet',
  ...(on === null ? {} : { on }),
  then: { filter },
});
const record: RuleSpec = { id: 'record-end', on: 'CALL_ENDED', then: { set: { 'call.ended': 'yes' } } };

/** The findings as `list entry: setter -> listener [events]`. */
const summarize = (findings: SwallowedEvents[]) =>
  findings.map(
    (f) =>
      `${f.list} ${f.entry}: ${f.setter.qualifiedId} -> ${f.listener.qualifiedId} [${f.events.join(', ')}]`,
  );

describe('findSwallowedEvents', () => {
  it('finds an events_to_ignore entry matching an event a rule of another file waits for', () => {
    const findings = findSwallowedEvents([
      pack('noise.yaml', 'noise', [quiet({ events_to_ignore: ['HEARTBEAT*', 'CALL_E*'] })]),
      pack('calls.yaml', 'calls', [record]),
    ]);
    expect(summarize(findings)).toEqual([
      'events_to_ignore CALL_E*: noise/quiet -> calls/record-end [CALL_ENDED]',
    ]);
    expect(findings[0]).toMatchObject({
      entryIndex: 1,
      setter: { file: 'noise.yaml', index: 0, on: ['CALL_STARTED'] },
      listener: { file: 'calls.yaml', ruleset: 'calls', id: 'record-end', index: 0 },
    });
  });

  it('finds a keys_to_ignore entry for every event a rule names, except those the filter is set on', () => {
    const both: RuleSpec = { id: 'both', on: ['CALL_STARTED', 'CALL_ENDED'], then: { set: { a: 'b' } } };
    const findings = findSwallowedEvents([
      pack('p.yaml', 'p', [quiet({ keys_to_ignore: ['audio.*'] }), record, both]),
    ]);
    expect(summarize(findings)).toEqual([
      'keys_to_ignore audio.*: p/quiet -> p/record-end [CALL_ENDED]',
      'keys_to_ignore audio.*: p/quiet -> p/both [CALL_ENDED]',
    ]);
  });

  it('says when a filter set on any event starts: the setter has no on', () => {
    const [finding] = findSwallowedEvents([
      pack('p.yaml', 'p', [quiet({ events_to_ignore: ['CALL_ENDED'] }, null), record]),
    ]);
    expect(finding?.setter.on).toBeUndefined();
    expect(finding?.events).toEqual(['CALL_ENDED']);
  });

  it('finds nothing when no rule waits for what the filter stops', () => {
    const verify: RuleSpec = { id: 'verify', on: 'VERIFY_COMPLETED', then: { set: { a: 'b' } } };
    expect(
      findSwallowedEvents([pack('p.yaml', 'p', [quiet({ events_to_ignore: ['HEARTBEAT*'] }), verify])]),
    ).toEqual([]);
  });

  it('leaves out *, disabled rules, and a rule that waits for its own filter', () => {
    const own: RuleSpec = {
      id: 'own',
      on: 'HEARTBEAT',
      then: { filter: { events_to_ignore: ['HEARTBEAT'] } },
    };
    const off: RuleSpec = { ...quiet({ events_to_ignore: ['CALL_ENDED'] }), id: 'off', enabled: false };
    const disabledListener: RuleSpec = { ...record, id: 'disabled', enabled: false };
    expect(
      findSwallowedEvents([
        pack('p.yaml', 'p', [
          quiet({ events_to_ignore: ['*'], keys_to_ignore: ['*'] }),
          own,
          off,
          disabledListener,
        ]),
      ]),
    ).toEqual([]);
  });

  it('trusts a condition that needs a change the filter does not ignore, through all, any and refs', () => {
    const needs = (id: string, condition: object): RuleSpec => ({
      id,
      on: 'CALL_ENDED',
      if: condition as never,
      then: { set: { a: 'b' } },
    });
    const findings = findSwallowedEvents([
      pack(
        'p.yaml',
        'p',
        [
          quiet({ keys_to_ignore: ['audio.*'] }),
          needs('changed', { changed: 'call.*' }),
          needs('all', { all: [{ var: 'x', equals: 'y' }, { ref: 'ended' }] }),
          needs('any', { any: [{ changed: 'call.endReason' }, { changed: 'call.ended*' }] }),
          needs('any-audio', { any: [{ changed: 'call.endReason' }, { changed: 'audio.net*' }] }),
          needs('not', { not: { changed: 'call.endReason' } }),
        ],
        { conditions: { ended: { changed: 'call.endReason' } } },
      ),
    ]);
    expect(summarize(findings)).toEqual([
      'keys_to_ignore audio.*: p/quiet -> p/any-audio [CALL_ENDED]',
      'keys_to_ignore audio.*: p/quiet -> p/not [CALL_ENDED]',
    ]);
  });

  it('reports a rule without on only when its condition needs a change the filter ignores (any event)', () => {
    const onAudio: RuleSpec = {
      id: 'on-audio',
      if: { changed: 'audio.netSeconds' },
      then: { set: { a: 'b' } },
    };
    const always: RuleSpec = { id: 'always', then: { set: { a: 'b' } } };
    const findings = findSwallowedEvents([
      pack('p.yaml', 'p', [
        quiet({ keys_to_ignore: ['audio.*', 'vad.*'], events_to_ignore: ['HEARTBEAT'] }),
        onAudio,
        always,
      ]),
    ]);
    expect(summarize(findings)).toEqual(['keys_to_ignore audio.*: p/quiet -> p/on-audio []']);
  });

  it("reads the ruleset's when as part of every rule's condition", () => {
    const findings = findSwallowedEvents([
      pack('n.yaml', 'n', [quiet({ keys_to_ignore: ['audio.*'] })]),
      pack('c.yaml', 'c', [record], { when: { changed: 'call.endReason' } }),
    ]);
    expect(findings).toEqual([]);
  });

  it("names the catalog's events an on glob takes, and compares globs with entries only where they overlap", () => {
    const anyCheck: RuleSpec = { id: 'checks', on: '*_CHECK_COMPLETED', then: { set: { a: 'b' } } };
    const verify: RuleSpec = { id: 'verify', on: 'VERIFY_*', then: { set: { a: 'b' } } };
    const rulesets = [
      pack('p.yaml', 'p', [
        quiet({ events_to_ignore: ['SPOOF*', 'HEARTBEAT*', 'VERIFY_RETRY*'] }),
        anyCheck,
        verify,
      ]),
    ];
    expect(summarize(findSwallowedEvents(rulesets))).toEqual([
      'events_to_ignore VERIFY_RETRY*: p/quiet -> p/verify [VERIFY_RETRY*]',
    ]);
    const catalog = ['SPOOF_CHECK_COMPLETED', 'FRAUD_CHECK_COMPLETED', 'VERIFY_COMPLETED', 'HEARTBEAT'];
    expect(summarize(findSwallowedEvents(rulesets, catalog))).toEqual([
      'events_to_ignore SPOOF*: p/quiet -> p/checks [SPOOF_CHECK_COMPLETED]',
    ]);
  });
});
