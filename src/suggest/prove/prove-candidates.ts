import type { EngineModel } from '../../filter/engine-model';
import { loadRuleBookFromSnapshot } from '../../rules/book/load-rule-book';
import type { RuleSnapshot, RuleSource } from '../../rules/load/rule-snapshot';
import { insertRuleFile } from '../../rules/load/insert-rule-file';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import type { FilterCandidate } from '../derive/derived-filter';
import type { RecordedCall } from '../read/recorded-calls';
import { findFirstDifference, type CallDifference } from './compare-calls';
import { replayCalls } from './replay-calls';
import { findFailedTest, runPackTests, type TestDifference } from './run-pack-tests';
import type { SuggestedRule } from './suggested-view';

/**
 * Why a candidate was not kept: the call or the test it changes, or what `validate` says of the rules with
 * it (an error, or a warning: the file is to validate with `--strict`).
 */
export type CounterExample = CallDifference | TestDifference | { kind: 'rules'; message: string };

export interface DroppedCandidate extends FilterCandidate {
  counterExample: CounterExample;
}

/** What a proof needs: the pack as read, the recorded calls and the pack's answers to them. */
export interface ProofBase {
  /** The pack's files as read (a file suggest-filter wrote left out: the suggestion replaces it). */
  snapshot: RuleSnapshot;
  calls: readonly RecordedCall[];
  /** The pack's own answers to `calls`. */
  before: readonly (readonly SimulatedEvent[])[];
  sessionKey: string;
  engine: EngineModel;
  /** The pack's scenario tests, and those passing without the suggested rule; absent: no test is run. */
  tests?: { pack: string; cwd: string; passing: ReadonlySet<string> };
}

/** The rule file for some entries: the source to load with the pack, and the rule it holds. */
export interface RenderedRule {
  source: RuleSource;
  suggested: SuggestedRule;
}

export interface ProvenCandidates {
  accepted: FilterCandidate[];
  dropped: DroppedCandidate[];
  /** The calls' answers with the accepted entries (the last proof that held); undefined when none held. */
  after: SimulatedEvent[][] | undefined;
}

export type ProofResult =
  { ok: true; after: SimulatedEvent[][] } | { ok: false; counterExample: CounterExample };

/**
 * Proves one rule file: loaded with the pack (exactly the text to be written), every recorded call gets
 * the answers it got without it (compare-calls), every scenario test that passed still passes, and
 * `validate` reports nothing about it (FILTER_DROPS_LISTENED_EVENT included).
 */
export async function proveRuleFile(base: ProofBase, rule: RenderedRule): Promise<ProofResult> {
  const loaded = loadRuleBookFromSnapshot({
    ...base.snapshot,
    ruleFiles: insertRuleFile(base.snapshot.ruleFiles, rule.source),
  });
  if (!loaded.ok) {
    const first = loaded.load.diagnostics.find((d) => d.severity === 'error');
    return {
      ok: false,
      counterExample: {
        kind: 'rules',
        message: `the rules do not load with it: ${first?.message ?? 'errors'}`,
      },
    };
  }
  const after = replayCalls(loaded.book, base.calls, base);
  const difference = findFirstDifference(base.calls, base.before, after, rule.suggested);
  if (difference !== undefined) return { ok: false, counterExample: difference };
  if (base.tests !== undefined) {
    const report = await runPackTests(base.tests.pack, base.tests.cwd, {
      file: rule.source,
      suggested: rule.suggested,
    });
    const failed = findFailedTest(report, base.tests.passing);
    if (failed !== undefined) return { ok: false, counterExample: failed };
  }
  // What `validate --strict` would refuse: the file must load cleanly with the pack.
  const warning = loaded.load.diagnostics.find((d) => d.file === rule.source.file);
  if (warning !== undefined)
    return {
      ok: false,
      counterExample: {
        kind: 'rules',
        message: `rulehook validate warns about it (${warning.code}): ${warning.message}`,
      },
    };
  return { ok: true, after };
}

/**
 * Accepts candidates one at a time, in the order given: each is proven together with those accepted before
 * it; one that makes any recorded call or passing test differ is dropped, with that call or test.
 */
export async function proveCandidates(
  base: ProofBase,
  candidates: readonly FilterCandidate[],
  render: (entries: readonly FilterCandidate[]) => RenderedRule,
): Promise<ProvenCandidates> {
  const accepted: FilterCandidate[] = [];
  const dropped: DroppedCandidate[] = [];
  let after: SimulatedEvent[][] | undefined;
  for (const candidate of candidates) {
    const proof = await proveRuleFile(base, render([...accepted, candidate]));
    if (proof.ok) {
      accepted.push(candidate);
      after = proof.after;
    } else dropped.push({ ...candidate, counterExample: proof.counterExample });
  }
  return { accepted, dropped, after };
}
