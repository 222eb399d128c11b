import type { LoadResult } from '../../rules/load/load-rule-snapshot';
import { RuleBook } from '../../rules/compile/rule-book';
import type { LoadedRuleset, RulesetSpec, SpecPath } from '../../rules/spec';

/**
 * Rulesets as the reader loaded and checked them, as plain data a replay worker can compile: the spec,
 * and the written order of each rule's `set` keys (what the compiler asks a loaded ruleset besides its
 * spec). A worker then loads neither YAML nor the schemas: it starts in about half the time.
 */
export interface PortableRules {
  rulesets: { file: string; spec: RulesetSpec; setKeys: (string[] | undefined)[] }[];
  /** The catalog's event names (RuleBook.compile). */
  eventNames: string[];
}

export function toPortableRules(load: LoadResult): PortableRules {
  return {
    rulesets: load.rulesets.map(({ file, spec, keysAt }) => ({
      file,
      spec,
      setKeys: spec.rules.map((_, order) => keysAt?.(['rules', order, 'then', 'set'])),
    })),
    eventNames: [...(load.catalog?.spec.events ?? [])],
  };
}

/** The RuleBook of the reader's, compiled again from PortableRules. */
export function compilePortableRules(rules: PortableRules): RuleBook {
  const loaded = rules.rulesets.map(({ file, spec, setKeys }): LoadedRuleset => ({
    file,
    spec,
    locate: () => undefined,
    keysAt(path: SpecPath) {
      const [rules, order, then, set] = path;
      if (
        path.length !== 4 ||
        rules !== 'rules' ||
        then !== 'then' ||
        set !== 'set' ||
        typeof order !== 'number'
      )
        throw new Error(`a replay worker has the keys of rules' set only, not of ${path.join('.')}`);
      return setKeys[order];
    },
  }));
  return RuleBook.compile(loaded, rules.eventNames);
}
