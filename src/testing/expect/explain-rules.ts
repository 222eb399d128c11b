import type { CompiledRule } from '../../rules/compile/compiled-rule';
import { formatExplanation } from '../../rules/evaluate/format-explanation';
import type { SimulatedEvent } from '../../simulation/simulated-event';
import { formatRuleLocation, type RulesUnderTest } from '../rules/rules-under-test';

/** `the engine did not send this event: keys_to_ignore (entry "audio.*"); it changed: audio.netSeconds` */
export function describeNotSent(result: SimulatedEvent): string {
  const changed = result.reason === 'keys_to_ignore' ? `; it changed only: ${result.delta.join(', ')}` : '';
  return `the engine did not send this event: ${result.reason ?? 'filtered'} (entry ${JSON.stringify(result.entry)})${changed}`;
}

/** `the engine sent this event; it changed: verify.score (state.* not counted)` */
export function describeSent(result: SimulatedEvent): string {
  const changed = result.delta.length === 0 ? 'nothing' : result.delta.join(', ');
  return `the engine sent this event; it changed: ${changed} (state.* not counted)`;
}

/**
 * Why each of `ids` fired or not on this event: the explanation engine's line
 * (the deciding condition with the variable's actual value), and where the rule is written.
 */
export function explainRules(
  result: SimulatedEvent,
  ids: readonly string[],
  rules: RulesUnderTest,
): string[] {
  if (!result.sent) return [describeNotSent(result)];
  return ids.flatMap((id) => {
    const entry = result.explanation?.find((e) => e.rule === id);
    const info = rules.rules.get(id);
    const where = info === undefined ? '' : `  [${formatRuleLocation(info)}]`;
    if (entry === undefined) return [`${id}: no explanation${where}`];
    const line = `${formatExplanation([entry], '').trimEnd()}${where}`;
    return entry.reason === 'stopped' ? [line, describeStop(result, id, rules)] : [line];
  });
}

/** For a rule skipped by `stop`: which rule stopped it, and both priorities (higher runs first). */
function describeStop(result: SimulatedEvent, id: string, rules: RulesUnderTest): string {
  const ruleset = id.slice(0, id.indexOf('/') + 1);
  const stopper = (result.fired ?? []).find(
    (f) => f.startsWith(ruleset) && rules.rules.get(f)?.compiled?.stop === true,
  );
  const priority = (rule: string) => rules.rules.get(rule)?.priority ?? 0;
  if (stopper === undefined) return `  ${id} has priority ${priority(id)}`;
  return `  ${stopper} (priority ${priority(stopper)}, stop: true) ran before ${id} (priority ${priority(id)}): higher priorities run first`;
}

/** `enrollment/a (priority 10), enrollment/b (priority 0)`: the order rules fire in, and why. */
export function describeOrder(ids: readonly string[], rules: RulesUnderTest): string {
  return ids
    .map((id) => {
      const info = rules.rules.get(id);
      return info === undefined
        ? id
        : `${id} (priority ${info.priority}, rule ${info.order + 1} of its ruleset)`;
    })
    .join(', ');
}

type Part = 'schedule' | 'set' | 'nodes' | 'filter';

const CONTRIBUTES: Record<Part, (rule: CompiledRule, key?: string) => boolean> = {
  schedule: (rule) => rule.schedule.length > 0,
  set: (rule, key) => rule.set.some((update) => key === undefined || update.key === key),
  nodes: (rule) => rule.overrides.length > 0,
  filter: (rule) => rule.filter !== undefined,
};

/** `from: fraud/flag [risk.yaml:20:9]`: the fired rules that wrote this part of the response. */
export function describeProducers(
  result: SimulatedEvent,
  part: Part,
  rules: RulesUnderTest,
  key?: string,
): string | undefined {
  const producers = (result.fired ?? []).flatMap((id) => {
    const info = rules.rules.get(id);
    return info?.compiled !== undefined && CONTRIBUTES[part](info.compiled, key)
      ? [`${id} [${formatRuleLocation(info)}]`]
      : [];
  });
  if (producers.length === 0) return undefined;
  if (part === 'filter')
    return `event_filter (the call's whole effective filter) extended on this event by: ${producers.join(', ')}`;
  const what = key === undefined ? part : `${part} ${JSON.stringify(key)}`;
  return `${what} written by: ${producers.join(', ')}`;
}
