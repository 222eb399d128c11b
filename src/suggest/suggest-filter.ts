import path from 'node:path';
import { CURRENT_EVENT_KEY } from '../contract/types';
import type { EngineModel } from '../filter/engine-model';
import { loadRuleBookFromSnapshot } from '../rules/book/load-rule-book';
import type { LoadResult } from '../rules/load/load-rule-snapshot';
import { readRuleSnapshot } from '../rules/load/read-rule-snapshot';
import type { DeriveInput } from './derive/derive-filter';
import type { DerivedFilter, RejectedCandidate } from './derive/derived-filter';
import { countSavings, type EntrySavings } from './prove/count-savings';
import {
  proveCandidates,
  proveRuleFile,
  type DroppedCandidate,
  type ProofBase,
} from './prove/prove-candidates';
import { replayCalls } from './prove/replay-calls';
import { listFailedTests, listPassingTests, runPackTests, type TestDifference } from './prove/run-pack-tests';
import { listFirstEvents, readRecordedCalls, type BadLine } from './read/recorded-calls';
import {
  chooseRulesetName,
  DEFAULT_SUGGESTED_RULESET,
  isSuggestedFile,
  type WrittenEntry,
} from './write/filter-file';
import { createRuleRenderer } from './write/rule-renderer';

export interface SuggestFilterOptions {
  /** The pack: a rule file or directory, relative to `cwd`. */
  rules: string;
  catalog?: string | undefined;
  recordings: readonly string[];
  cwd: string;
  engine: EngineModel;
  sessionKey: string;
  /** Where the file is to be written (as given), if it is: it names the ruleset and is left out of the pack. */
  write?: string | undefined;
  /** `$schema` reference of the written file, and the command line that refreshes it. */
  schema: string;
  refresh: string;
  derive: (input: DeriveInput) => DerivedFilter;
  onBadLine: (item: BadLine) => void;
}

export interface SuggestedFilter {
  entries: WrittenEntry[];
  dropped: DroppedCandidate[];
  rejected: RejectedCandidate[];
  total: EntrySavings;
  calls: number;
  events: number;
  recordings: readonly string[];
  /** Files of the pack left out because suggest-filter wrote them (the suggestion replaces them). */
  replaced: string[];
  /**
   * The pack's tests that pass with the file only when its rule's own part of the answers is left out: they
   * state a call's first answer exactly (its `fired`, its filter), and fail under `rulehook test` with the
   * file in the pack until the suggested rule is added to them.
   */
  firstAnswer: TestDifference[];
  /** The rule file, proven as it is; undefined when no entry is left to write. */
  text: string | undefined;
}

export type SuggestFilterResult =
  | { ok: true; value: SuggestedFilter }
  | { ok: false; problem: 'rules'; load: LoadResult }
  | { ok: false; problem: 'recording'; message: string };

/**
 * `rulehook suggest-filter` without its printing: reads the pack and the recordings, derives candidate
 * entries, proves them one by one (prove/), counts what the accepted ones save, and renders the file.
 */
export async function suggestFilter(options: SuggestFilterOptions): Promise<SuggestFilterResult> {
  const read = await readRuleSnapshot(
    [options.rules],
    options.catalog === undefined ? { cwd: options.cwd } : { cwd: options.cwd, catalog: options.catalog },
  );
  const replaced = read.ruleFiles.filter((f) => isSuggestedFile(f.text)).map((f) => f.file);
  const snapshot = { ...read, ruleFiles: read.ruleFiles.filter((f) => !isSuggestedFile(f.text)) };
  const loaded = loadRuleBookFromSnapshot(snapshot);
  if (!loaded.ok) return { ok: false, problem: 'rules', load: loaded.load };
  const recorded = await readRecordedCalls(options.recordings, options);
  if (!recorded.ok) return { ok: false, problem: 'recording', message: recorded.message };
  const { calls, observed } = recorded;
  if (calls.length === 0)
    return {
      ok: false,
      problem: 'recording',
      message: `${options.recordings.join(', ')}: no event to prove a filter on`,
    };
  // The filter is set in answer to a call's first event: the rule's `on:`; validate spares the rules waiting for it.
  const firstEvents = listFirstEvents(calls);
  if (firstEvents.length === 0)
    return {
      ok: false,
      problem: 'recording',
      message: `${options.recordings.join(', ')}: no event has a name (${CURRENT_EVENT_KEY})`,
    };
  const derived = options.derive({
    rulesets: loaded.load.rulesets,
    catalog: loaded.load.catalog?.spec,
    observed,
    engine: options.engine,
    firstEvents,
  });
  const before = replayCalls(loaded.book, calls, options);
  const baseline = await runPackTests(options.rules, options.cwd);
  const base: ProofBase = {
    snapshot,
    calls,
    before,
    sessionKey: options.sessionKey,
    engine: options.engine,
    tests: { pack: options.rules, cwd: options.cwd, passing: listPassingTests(baseline) },
  };
  const events = calls.reduce((n, c) => n + c.events.length, 0);
  const render = createRuleRenderer(
    {
      ruleset: chooseRulesetName(options.write, new Set(loaded.load.rulesets.map((rs) => rs.spec.ruleset))),
      on: firstEvents,
      schema: options.schema,
      refresh: options.refresh,
      proven: `${calls.length} calls (${events} events) of ${options.recordings.join(', ')}`,
      file: options.write ?? path.join(options.rules, `${DEFAULT_SUGGESTED_RULESET}.yaml`),
      pack: options.rules,
      cwd: options.cwd,
    },
    loaded.load.rulesets,
  );
  const { accepted, dropped, after } = await proveCandidates(base, derived.candidates, render);
  const summary = {
    dropped,
    rejected: derived.rejected,
    calls: calls.length,
    events,
    recordings: options.recordings,
    replaced,
  };
  if (after === undefined)
    return {
      ok: true,
      value: {
        ...summary,
        entries: [],
        total: countSavings([], before, before).total,
        text: undefined,
        firstAnswer: [],
      },
    };
  // The savings go into the file's comments: the file, as written, is proven once more.
  const savings = countSavings(accepted, before, after);
  const final = render(accepted, savings.entries);
  const check = await proveRuleFile(base, final);
  if (!check.ok) throw new Error('rulehook: the file to write does not hold as proven');
  // As `rulehook test` runs them with the file in the pack: the suggested rule fires on each first event.
  const plain = await runPackTests(options.rules, options.cwd, { file: final.source });
  const firstAnswer = listFailedTests(plain, base.tests!.passing);
  return {
    ok: true,
    value: { ...summary, entries: final.written, total: savings.total, text: final.source.text, firstAnswer },
  };
}
