import { compileGlob, isGlob } from '../../../glob/compile-glob';
import type { SpecPath } from '../../spec';
import type { PlainRecord } from '../check-context';

/** An enabled rule with `stop: true`, no `if` and not `once`: it fires on every event its `on` lets through. */
export interface StopRule {
  id: string;
  path: SpecPath;
}

/** Stop rules with globs other than `*` kept for matching names: the earliest few are what matters. */
const GLOB_STOPS_KEPT = 16;

/**
 * The stop rules met so far in evaluation order, indexed so that asking which
 * of them takes every event of a later `on` costs that `on`'s length, whatever
 * the number of rules.
 */
export class StopRules {
  /** The first stop rule without `on`: it takes every event. */
  private everything: StopRule | undefined;
  /** The first whose `on` has a pattern of stars only (`*`): every name without `/` nor a leading `.`. */
  private anyName: { rule: StopRule; test: (text: string) => boolean } | undefined;
  private byPattern = new Map<string, StopRule>();
  private globs: { rule: StopRule; test: (text: string) => boolean }[] = [];

  /** Records `rule` if it is a stop rule whose `on` is understood. */
  add(rule: PlainRecord, path: SpecPath): void {
    if (typeof rule.id !== 'string' || rule.stop !== true || rule.if !== undefined) return;
    if (rule.once !== undefined && rule.once !== false) return;
    if (rule.enabled !== undefined && rule.enabled !== true) return;
    const stop: StopRule = { id: rule.id, path };
    if (rule.on === undefined) {
      this.everything ??= stop;
      return;
    }
    const patterns = readPatterns(rule.on);
    for (const pattern of patterns ?? []) {
      const compiled = compileGlob(pattern);
      if (!compiled.ok) continue;
      if (!this.byPattern.has(pattern)) this.byPattern.set(pattern, stop);
      if (/^\*+$/.test(pattern)) this.anyName ??= { rule: stop, test: compiled.test };
      else if (compiled.isGlob && this.globs.length < GLOB_STOPS_KEPT)
        this.globs.push({ rule: stop, test: compiled.test });
    }
  }

  /** The stop rules that, together, take every event `on` can name; undefined when that is not certain. */
  takersOf(on: unknown): StopRule[] | undefined {
    if (this.everything) return [this.everything];
    const patterns = on === undefined ? undefined : readPatterns(on);
    if (!patterns || patterns.length === 0) return undefined;
    const takers = new Set<StopRule>();
    for (const pattern of patterns) {
      const taker = this.takerOf(pattern);
      if (!taker) return undefined;
      takers.add(taker);
    }
    return [...takers];
  }

  private takerOf(pattern: string): StopRule | undefined {
    const same = this.byPattern.get(pattern);
    if (same) return same;
    if (!compileGlob(pattern).ok) return undefined;
    if (isGlob(pattern)) return this.anyName && startsPlainly(pattern) ? this.anyName.rule : undefined;
    if (this.anyName?.test(pattern)) return this.anyName.rule;
    return this.globs.find((glob) => glob.test(pattern))?.rule;
  }
}

/**
 * A glob starting with a letter, digit or `_`, without `/`: every text it matches starts with that character
 * (never `.`) and holds no `/`, so `*` matches them all.
 */
function startsPlainly(pattern: string): boolean {
  return /^[A-Za-z0-9_]/.test(pattern) && !pattern.includes('/');
}

function readPatterns(on: unknown): string[] | undefined {
  const patterns = typeof on === 'string' ? [on] : on;
  if (!Array.isArray(patterns) || !patterns.every((p): p is string => typeof p === 'string'))
    return undefined;
  return patterns;
}
