import { parse } from 'yaml';
import { chooseRulesetName, isSuggestedFile, renderFilterFile, SUGGESTED_FILE_MARK } from './filter-file';

const savings = { events: 3, bytes: 1500, sentBefore: 12, share: 0.25 };

describe('the suggested rule file', () => {
  const text = renderFilterFile({
    ruleset: 'suggested-filter',
    on: ['CALL_STARTED', 'CALL_TRANSFERRED'],
    entries: [
      { list: 'keys_to_ignore', entry: 'audio.*', reason: 'no rule reads audio.*', savings },
      { list: 'events_to_ignore', entry: 'HEARTBEAT*', reason: 'no rule fires on HEARTBEAT*', savings },
    ],
    schema: '../schema/rules.schema.json',
    refresh: 'rulehook suggest-filter --write suggested.yaml',
    proven: '4 calls (40 events) of recordings/a.jsonl',
  });

  it('is YAML holding one ruleset and one rule, set once on the first events, events_to_ignore first', () => {
    expect(parse(text)).toEqual({
      ruleset: 'suggested-filter',
      description: expect.any(String),
      rules: [
        {
          id: 'set-event-filter',
          description: expect.any(String),
          on: ['CALL_STARTED', 'CALL_TRANSFERRED'],
          once: true,
          then: { filter: { events_to_ignore: ['HEARTBEAT*'], keys_to_ignore: ['audio.*'] } },
        },
      ],
    });
    expect(text).toContain(
      '          # no rule reads audio.*\n          # stops 3 of 12 events sent (25.0%), 1.5 kB of requests on the recordings\n          - "audio.*"\n',
    );
  });

  it('is recognised by its mark, and nothing else is', () => {
    expect(isSuggestedFile(text)).toBe(true);
    expect(isSuggestedFile(`# an editor's line\n${SUGGESTED_FILE_MARK}\nruleset: x\n`)).toBe(true);
    expect(isSuggestedFile(`${SUGGESTED_FILE_MARK.slice(0, -1)}, then edited\nruleset: x\n`)).toBe(false);
    expect(isSuggestedFile('# Written by hand.\nruleset: mine\nrules: []\n')).toBe(false);
    expect(isSuggestedFile(`${'#\n'.repeat(8)}${SUGGESTED_FILE_MARK}\n`)).toBe(false);
  });

  it('names its ruleset suggested-filter, or after the file when the pack has one of that name', () => {
    expect(chooseRulesetName('quiet.yaml', new Set(['risk']))).toBe('suggested-filter');
    expect(chooseRulesetName('rules/quiet.yaml', new Set(['suggested-filter']))).toBe(
      'quiet-suggested-filter',
    );
    const taken = new Set(['suggested-filter', 'quiet-suggested-filter']);
    expect(chooseRulesetName('quiet.yaml', taken)).toBe('quiet-suggested-filter-2');
  });
});
