import { hrtime } from 'node:process';
import { RuleBook } from '../src/rules/compile/rule-book';
import type { LoadedRuleset } from '../src/rules/spec';
import { median } from './measure';
import { check } from './suite';

export interface CompileCost {
  ms: number;
  /** Heap retained by the compiled book; measurable only when node runs with --expose-gc. */
  heapBytes: number | undefined;
}

/** The median of `count` compilations; the heap the compiled book retains when gc is exposed. */
export function measureCompile(loaded: readonly LoadedRuleset[], count: number): CompileCost {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = hrtime.bigint();
    RuleBook.compile(loaded);
    samples.push(Number(hrtime.bigint() - start) / 1e6);
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) return { ms: median(samples), heapBytes: undefined };
  gc();
  const before = process.memoryUsage().heapUsed;
  const book = RuleBook.compile(loaded);
  gc();
  const heapBytes = process.memoryUsage().heapUsed - before;
  check(book.ruleCount > 0, 'compiled book kept alive while measured');
  return { ms: median(samples), heapBytes };
}
