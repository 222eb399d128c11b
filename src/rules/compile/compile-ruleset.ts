import type { LoadedRuleset } from '../spec';
import { compileCondition, type CompileConditionContext } from './compile-condition';
import type { CompiledCondition } from './compiled-condition';
import { compileRule } from './compile-rule';
import type { CompiledRule, CompiledRuleset } from './compiled-rule';

/**
 * Compiles one validated ruleset. Named conditions are compiled on first
 * reference and shared by every rule that refers to them.
 */
export function compileRuleset(loaded: LoadedRuleset): CompiledRuleset {
  const spec = loaded.spec;
  const named = new Map<string, CompiledCondition>();
  const changedGlobs = new Set<string>();
  const context: CompileConditionContext = {
    watchChanged(glob) {
      changedGlobs.add(glob);
    },
    resolveList(name) {
      const list = spec.lists?.[name];
      if (list === undefined) throw new TypeError(`unknown list ${name} after validation`);
      return list;
    },
    resolveRef(name) {
      let compiled = named.get(name);
      if (compiled === undefined) {
        const condition = spec.conditions?.[name];
        if (condition === undefined) throw new TypeError(`unknown condition ${name} after validation`);
        compiled = compileCondition(condition, context);
        named.set(name, compiled);
      }
      return compiled;
    },
  };
  const rules: CompiledRule[] = [];
  const disabledRules: string[] = [];
  spec.rules.forEach((ruleSpec, order) => {
    if (ruleSpec.enabled === false) disabledRules.push(`${spec.ruleset}/${ruleSpec.id}`);
    else {
      const setKeys = loaded.keysAt?.(['rules', order, 'then', 'set']);
      rules.push(
        compileRule(ruleSpec, { ruleset: spec.ruleset, file: loaded.file, order, setKeys }, context),
      );
    }
  });
  rules.sort((a, b) => b.priority - a.priority || a.order - b.order);
  const when = spec.when === undefined ? undefined : compileCondition(spec.when, context);
  return {
    name: spec.ruleset,
    file: loaded.file,
    when,
    rules,
    disabledRules,
    changedGlobs: [...changedGlobs],
  };
}
