import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runReplay } from '../../src/cli/commands/replay/replay';
import { runSuggestFilter } from '../../src/cli/commands/suggest-filter/suggest-filter';
import { runValidate } from '../../src/cli/commands/validate/validate';
import { isReservedVariable } from '../../src/contract/reserved-variables';
import type { FilterCandidate } from '../../src/suggest/derive/derived-filter';
import { createMemoryIO } from '../support/memory-io';

const EXAMPLES = path.resolve(__dirname, '../../examples');
const SUGGESTED_RULE = 'suggested-filter/set-event-filter';

const ignoreEvents = (entry: string): FilterCandidate => ({
  list: 'events_to_ignore',
  entry,
  reason: `no rule of the pack fires on ${entry}`,
});

/**
 * Per example pack: the entries offered (as a derivation would; `derived`: the pack's own derivation,
 * deriveFilter), those proven, and the engine calls they save on the pack's recordings.
 */
const PACKS: { pack: string; offered: FilterCandidate[] | 'derived'; proven: string[]; saved: number }[] = [
  {
    pack: 'noise-reduction',
    offered: [ignoreEvents('HEARTBEAT_MEDIA'), ignoreEvents('CALL_ENDED')],
    proven: ['HEARTBEAT_MEDIA'],
    saved: 2,
  },
  {
    // Its own filter already stops what its rules leave, and its tests keep every event of test lines.
    pack: 'noise-reduction',
    offered: 'derived',
    proven: [
      'ENROLL_COMPLETED',
      'FRAUD_CHECK_COMPLETED',
      'OPT_IN_RECEIVED',
      'SPOOF_CHECK_COMPLETED',
      'TRAIN_COMPLETED',
      'custom.*',
      'enrollment.*',
      'flow.*',
      'fraud.*',
      'spoof.*',
      'webhook.*',
    ],
    saved: 0,
  },
  {
    pack: 'fraud-and-spoofing',
    offered: [ignoreEvents('HEARTBEAT*'), ignoreEvents('AUDIO_PROGRESS')],
    proven: ['HEARTBEAT*', 'AUDIO_PROGRESS'],
    saved: 173,
  },
  {
    pack: 'fraud-and-spoofing',
    offered: 'derived',
    proven: [
      'AUDIO_PROGRESS',
      'CALL_*',
      'ENROLL_COMPLETED',
      'HEARTBEAT*',
      'OPT_IN_RECEIVED',
      'PERSON_IDENTIFIED',
      'SESSION_DECIDED',
      'TRAIN_COMPLETED',
    ],
    saved: 196,
  },
  {
    pack: 'enrollment-after-opt-in',
    offered: [ignoreEvents('HEARTBEAT*'), ignoreEvents('AUDIO_PROGRESS'), ignoreEvents('TRAIN_COMPLETED')],
    proven: ['HEARTBEAT*', 'TRAIN_COMPLETED'],
    saved: 87,
  },
  {
    pack: 'enrollment-after-opt-in',
    offered: 'derived',
    proven: [
      'CALL_*',
      'ENROLL_COMPLETED',
      'FRAUD_CHECK_COMPLETED',
      'HEARTBEAT*',
      'SESSION_DECIDED',
      'SPOOF_CHECK_COMPLETED',
      'TRAIN_COMPLETED',
      'VERIFY_COMPLETED',
    ],
    saved: 99,
  },
];

interface ReplayedSide {
  sent: boolean;
  fired: string[] | null;
  response: Record<string, unknown> | null;
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'rulehook-suggest-examples-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe.each(PACKS)('suggest-filter on examples/$pack', ({ pack, offered, proven, saved }) => {
  const given = offered === 'derived' ? 'its derived entries' : `${offered.length} entries offered`;
  it(`with ${given}: writes a filter that leaves every recorded answer as it was, and saves ${saved} engine calls`, async () => {
    const copy = `${pack}-${offered === 'derived' ? 'derived' : 'offered'}`;
    const after = path.join(work, copy);
    const before = path.join(work, `${copy}-before`);
    await cp(path.join(EXAMPLES, pack), after, { recursive: true });
    await cp(path.join(EXAMPLES, pack), before, { recursive: true });

    const suggest = createMemoryIO({ cwd: after });
    const code = await runSuggestFilter(
      ['--write', 'suggested-filter.yaml', '--format', 'json'],
      suggest,
      offered === 'derived' ? {} : { derive: () => ({ candidates: offered, rejected: [] }) },
    );
    expect({ code, err: suggest.err() }).toEqual({ code: 0, err: '' });
    const report = JSON.parse(suggest.out());
    expect(report.entries.map((e: FilterCandidate) => e.entry)).toEqual(proven);
    expect(report.total.events).toBe(saved);
    expect(report.written).toBe('suggested-filter.yaml');

    const validate = createMemoryIO({ cwd: after });
    expect(await runValidate(['--strict', '.'], validate)).toBe(0);

    // `replay --compare`: the pack with the written file against the pack as it was, on its recordings.
    const replay = createMemoryIO({ cwd: after });
    const recordings = report.recordings as string[];
    const args = ['--rules', '.', '--compare', before, '--format', 'jsonl', ...recordings];
    expect(await runReplay(args, replay)).toBe(0);
    const differing = replay
      .out()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { changes: string[]; rules: ReplayedSide; compare: ReplayedSide });
    const stopped = differing.filter((d) => d.changes.includes('sent'));
    // Every event no longer sent had been answered with nothing asked, and they are the savings.
    for (const d of stopped) {
      expect(d.rules.sent).toBe(false);
      expect(askedOf(d.compare.response!)).toEqual({});
    }
    expect(stopped).toHaveLength(saved);
    // Every other difference is the suggested rule's own: it fired, and its entries joined the filter.
    for (const d of differing.filter((x) => !x.changes.includes('sent'))) {
      expect(d.rules.fired!.filter((id) => id !== SUGGESTED_RULE)).toEqual(d.compare.fired);
      const a = askedOf(d.rules.response!);
      const b = askedOf(d.compare.response!);
      const filter = (a.event_filter ?? {}) as Record<string, string[]>;
      const left = Object.fromEntries(
        Object.entries(filter)
          .map(([list, entries]) => [list, entries.filter((e) => !proven.includes(e))])
          .filter(([, entries]) => entries.length > 0),
      );
      expect({ ...a, event_filter: left }).toEqual({ ...b, event_filter: b.event_filter ?? {} });
    }
    expect(await readFile(path.join(after, 'suggested-filter.yaml'), 'utf8')).toContain(
      `${recordings.join(', ')}\n`,
    );
  }, 60_000);
});

/** What a response on the wire asks the engine to do: rulehook's own `rulehook.*` updates left out. */
function askedOf(response: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...response };
  const updates = rest.session_variable_updates;
  delete rest.result_code;
  delete rest.session_variable_updates;
  const own = ((updates ?? []) as { key: string }[]).filter((u) => !isReservedVariable(u.key));
  return own.length > 0 ? { ...rest, session_variable_updates: own } : rest;
}
