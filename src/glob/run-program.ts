import { DOT, SLASH } from './glob-syntax';
import { ALL, ANY, CHAR, CLASS, GUARD, JUMP, MATCH, SPLIT, type GlobProgram } from './glob-program';
import { isInClass } from './match-class';

/**
 * Runs a GlobProgram, with scratch space of its own (one runner per program;
 * matching is synchronous, so nothing else uses it meanwhile).
 */
export class ProgramRunner {
  // Two state sets, a visit stamp per instruction, and a stack (a start and two entries per instruction at most).
  private readonly setA: Int32Array;
  private readonly setB: Int32Array;
  private readonly stamps: Int32Array;
  private readonly stack: Int32Array;
  private stamp = 0;

  constructor(readonly program: GlobProgram) {
    const size = program.ops.length;
    this.setA = new Int32Array(size);
    this.setB = new Int32Array(size);
    this.stamps = new Int32Array(size);
    this.stack = new Int32Array(2 * size + 1);
  }

  /** Whether the state at `pc` consumes the character `code`. */
  consumes(pc: number, code: number): boolean {
    const { ops, args, classes } = this.program;
    switch (ops[pc]) {
      case CHAR:
        return code === args[pc];
      case ANY:
        return code !== SLASH;
      case CLASS:
        return isInClass(classes[args[pc]!]!, code);
      case ALL:
        return true;
      default:
        return false;
    }
  }

  /** Whether the states reached include the end. */
  accepts(states: readonly number[]): boolean {
    return states.some((pc) => this.program.ops[pc] === MATCH);
  }

  /**
   * The states reachable from `starts` without consuming, in ascending order;
   * `guarded`: a `.` starting a segment comes next, so GUARDs stop.
   */
  closure(starts: readonly number[], guarded: boolean): number[] {
    this.newStamp();
    let count = 0;
    for (const pc of starts) count = this.addClosure(this.setA, count, pc, guarded);
    return Array.from(this.setA.subarray(0, count)).sort((a, b) => a - b);
  }

  /**
   * Whether `text`, read from index `from` on with the program in `starts`
   * (before their closure), ends in a match: Thompson's simulation, which keeps
   * the set of states reached. Time: the program's size per character at most.
   */
  simulate(text: string, from: number, starts: readonly number[], atSegmentStart: boolean): boolean {
    const reached = this.read(text, from, starts, atSegmentStart);
    return reached !== undefined && this.accepts(reached);
  }

  /**
   * Whether some text starting with `text` may match: states remain once all of
   * it is read from the program's start (every state left can go on to the end,
   * since every construct of a glob matches some text).
   */
  canContinue(text: string): boolean {
    return this.read(text, 0, [0], true) !== undefined;
  }

  /** The states reached once `text` is read from `from` on (as for `simulate`); undefined when none is. */
  private read(
    text: string,
    from: number,
    starts: readonly number[],
    atSegmentStart: boolean,
  ): number[] | undefined {
    let current = this.setA;
    let next = this.setB;
    this.newStamp();
    let count = 0;
    const guarded = atSegmentStart && text.charCodeAt(from) === DOT;
    for (const pc of starts) count = this.addClosure(current, count, pc, guarded);
    for (let pos = from; count > 0;) {
      if (pos >= text.length) return Array.from(current.subarray(0, count));
      const code = text.codePointAt(pos)!;
      pos += code > 0xffff ? 2 : 1;
      const guardedNext = code === SLASH && text.charCodeAt(pos) === DOT;
      this.newStamp();
      let nextCount = 0;
      for (let k = 0; k < count; k++) {
        const pc = current[k]!;
        if (this.consumes(pc, code)) nextCount = this.addClosure(next, nextCount, pc + 1, guardedNext);
      }
      [current, next] = [next, current];
      count = nextCount;
    }
    return undefined;
  }

  /** Instructions stamped with the current stamp are in the set being built. */
  private newStamp(): void {
    if (++this.stamp === 0x7fffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
  }

  /** Adds to `set`, from index `count`, the states reachable from `start` without consuming; returns the new count. */
  private addClosure(set: Int32Array, count: number, start: number, guarded: boolean): number {
    const { ops, args, args2 } = this.program;
    const stack = this.stack;
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const pc = stack[--top]!;
      if (this.stamps[pc] === this.stamp) continue;
      this.stamps[pc] = this.stamp;
      const op = ops[pc];
      if (op === JUMP) stack[top++] = args[pc]!;
      else if (op === SPLIT) {
        stack[top++] = args2[pc]!;
        stack[top++] = args[pc]!;
      } else if (op === GUARD) {
        if (!guarded) stack[top++] = pc + 1;
      } else set[count++] = pc;
    }
    return count;
  }
}
