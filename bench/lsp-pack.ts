import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import type { RulesetSpec } from '../src/rules/spec';
import { NUMBER_FACTS, STRING_FACTS } from './events';
import { generateRulesets } from './rule-sets';

/** The events the pack's rules are placed on: every rule file holds rules of each. */
export const PACK_EVENTS: readonly string[] = Array.from({ length: 10 }, (_, i) => `EVENT_${i}`);

/** A rule pack written to disk: its directory, catalog and rule files (absolute paths, in load order). */
export interface WrittenPack {
  dir: string;
  catalog: string;
  ruleFiles: string[];
  rules: number;
}

/** The catalog declaring every event, variable, node and action the generated rules use. */
function catalogText(): string {
  return stringify({
    description: 'Vocabulary of the generated benchmark pack.',
    events: [...PACK_EVENTS],
    nodes: ['Verify', 'Enroll', 'Train'],
    variables: [
      'state.sessionId',
      'person.id',
      ...Object.keys(STRING_FACTS),
      ...Object.keys(NUMBER_FACTS),
      'risk.note',
      'bench.*',
    ],
    actions: {
      Enroll: {
        description: "Create the caller's voiceprint.",
        parameters: {
          person_id: { required: true, description: 'The customer whose voiceprint is created.' },
          note: { description: 'Free text stored with the enrollment.' },
        },
      },
    },
  });
}

/**
 * A generated ruleset with the shared parts a hand-written pack has: a list and
 * named conditions, each referenced by a quarter of the rules, and a node
 * disabled by another quarter.
 */
function withNamedParts(spec: RulesetSpec): RulesetSpec {
  const rules = spec.rules.map((rule, r) => {
    const condition = rule.if === undefined ? [] : [rule.if];
    if (r % 4 === 1) return { ...rule, if: { all: [{ ref: 'premium-caller' }, ...condition] } };
    if (r % 4 === 2) return { ...rule, if: { any: [{ ref: 'scored' }, ...condition] } };
    if (r % 4 === 3) return { ...rule, then: { ...rule.then, disable: ['Verify'] } };
    return rule;
  });
  return {
    ruleset: spec.ruleset,
    description: `Generated rules ${spec.ruleset}.`,
    lists: { 'premium-tiers': ['gold', 'platinum'] },
    conditions: {
      // A variable no rule's own leaves test: a rule that also required another tier would never hold (a warning).
      'premium-caller': { var: 'bench.tier', in: { list: 'premium-tiers' } },
      scored: { var: 'verify.score', gt: 0 },
    },
    rules,
  };
}

/**
 * Writes a pack of `10 × perFile` rules into `dir`: `catalog.yaml` and 10 rule
 * files (`bench-0.yaml` …), each holding `perFile` rules spread over the 10
 * events (bench/rule-sets.ts), as YAML a person would write.
 */
export function writeRulePack(dir: string, perFile: number): WrittenPack {
  mkdirSync(dir, { recursive: true });
  const catalog = path.join(dir, 'catalog.yaml');
  writeFileSync(catalog, catalogText());
  const rulesets = generateRulesets(PACK_EVENTS, perFile);
  const ruleFiles = rulesets.map(({ file, spec }) => {
    const absolute = path.join(dir, file);
    writeFileSync(absolute, stringify(withNamedParts(spec)));
    return absolute;
  });
  const rules = rulesets.reduce((sum, { spec }) => sum + spec.rules.length, 0);
  return { dir, catalog, ruleFiles, rules };
}
