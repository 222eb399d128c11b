import { createDiagnostic } from '../../diagnostics/create-diagnostic';
import { suggestName } from '../../diagnostics/did-you-mean';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { ParsedYaml } from '../../rules/parse/parse-yaml';
import type { SpecPath } from '../../rules/spec';
import { collectExpectations } from './check-scenario';
import type { TestSpec } from './scenario-spec';

/** A rule id written in an expectation, with where it is written. */
export interface RuleReference {
  id: string;
  path: SpecPath;
}

/** Every rule id of `fired` / `not_fired` in one expectation, whatever the list form. */
export function findRuleReferences(expectation: Record<string, unknown>, at: SpecPath): RuleReference[] {
  const refs: RuleReference[] = [];
  const addList = (list: unknown, path: SpecPath) => {
    if (Array.isArray(list))
      list.forEach((id, i) => {
        if (typeof id === 'string') refs.push({ id, path: [...path, i] });
      });
  };
  const fired = expectation.fired;
  if (Array.isArray(fired)) addList(fired, [...at, 'fired']);
  else if (typeof fired === 'object' && fired !== null)
    for (const mode of ['contains', 'exactly'])
      addList((fired as Record<string, unknown>)[mode], [...at, 'fired', mode]);
  addList(expectation.not_fired, [...at, 'not_fired']);
  return refs;
}

/**
 * Suggests the rule meant by an unknown id: the qualified id when only the rule
 * part was written (`enroll` -> `enrollment/enroll`), else the closest id.
 */
export function suggestRuleId(id: string, known: readonly string[]): string | undefined {
  if (!id.includes('/')) {
    const same = known.filter((k) => k.slice(k.indexOf('/') + 1) === id);
    if (same.length === 1) return same[0];
  }
  return suggestName(id, known);
}

/** The message of an unknown rule id, shared by the runner and the jest matchers. */
export function describeUnknownRule(id: string, known: readonly string[]): string {
  const qualified = id.includes('/') ? '' : ' (rules are named ruleset/rule)';
  const none = known.length === 0 ? '; the rules under test have no rule at all' : '';
  return `no rule '${id}' in the rules under test${qualified}${none}`;
}

/**
 * UNKNOWN_RULE for each id of `fired` / `not_fired` that names no rule of the
 * rules under test (enabled or disabled): a misspelled id must not make a test pass.
 */
export function checkRuleIds(parsed: ParsedYaml, known: readonly string[]): Diagnostic[] {
  const root = parsed.value as { tests?: unknown } | null;
  if (root === null || typeof root !== 'object' || !Array.isArray(root.tests)) return [];
  const knownSet = new Set(known);
  const out: Diagnostic[] = [];
  root.tests.forEach((test: unknown, index) => {
    if (typeof test !== 'object' || test === null) return;
    for (const [expectation, at] of collectExpectations(test as Partial<TestSpec>, ['tests', index]))
      for (const ref of findRuleReferences(expectation as Record<string, unknown>, at)) {
        if (knownSet.has(ref.id)) continue;
        out.push(
          createDiagnostic('UNKNOWN_RULE', parsed.file, describeUnknownRule(ref.id, known), {
            range: parsed.locate(ref.path),
            suggestion: suggestRuleId(ref.id, known),
          }),
        );
      }
  });
  return out;
}
