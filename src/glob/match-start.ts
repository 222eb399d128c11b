import { LRUCache } from 'lru-cache';
import { compileProgram } from './glob-program';
import { parseGlob } from './parse-glob';
import { ProgramRunner } from './run-program';

/** Programs kept by pattern (or that it is refused): validation asks of a catalog's few globs many times. */
const runners = new LRUCache<string, ProgramRunner | { refused: true }>({ max: 1_000 });

/**
 * Whether the glob `pattern` matches some text that starts with `start`
 * (`verify.*` can match a text starting with `verify.sc`; `v[0-9]*` cannot
 * match one starting with `vx`). False for a pattern that does not compile.
 * Time: the pattern's size per character of `start`, at most.
 */
export function canMatchTextStartingWith(pattern: string, start: string): boolean {
  let runner = runners.get(pattern);
  if (runner === undefined) {
    const nodes = parseGlob(pattern);
    runner = Array.isArray(nodes) ? new ProgramRunner(compileProgram(nodes)) : { refused: true };
    runners.set(pattern, runner);
  }
  return runner instanceof ProgramRunner && runner.canContinue(start);
}
